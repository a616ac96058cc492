package dev.gsf.server.tls;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A slow client's pieces ({@link TlsWrites.Pace}): whole ones while the room its socket showed before its last wait
 * has space for a whole and a small one, then one piece of the rest less a small one, then small ones, so that the
 * piece left waiting is a small one; a client that never waited gets whole pieces; BoringSSL's pace
 * ({@link TlsWrites.Pace#WHOLE}) gives whole ones whatever the waits. No server: the pace is fed the takes and waits
 * a download's completions report.
 */
class PaceTest {
    private static final int WHOLE = TlsWrites.BORING_PIECE;
    private static final int SMALL = TlsWrites.SMALL_PIECE;
    private static final long WAIT = TimeUnit.MILLISECONDS.toNanos(300);

    @Test
    void aClientThatNeverWaitedGetsWholePieces() {
        TlsWrites.Pace pace = new TlsWrites.Pace(false);
        pace.tookAtOnce(WHOLE);
        pace.waited(TimeUnit.MILLISECONDS.toNanos(1), WHOLE); // a quick completion is no wait
        assertThat(pace.next(WHOLE)).isEqualTo(WHOLE);
    }

    @Test
    void aSlowClientsRoomFillsWithWholePiecesThenTheRestLessASmallOneThenSmallOnes() {
        TlsWrites.Pace pace = new TlsWrites.Pace(false);
        pace.tookAtOnce(2 * WHOLE + 10_000);
        pace.waited(WAIT, SMALL); // slow now, with that room
        assertThat(pace.next(WHOLE)).as("first piece").isEqualTo(WHOLE);
        pace.tookAtOnce(WHOLE);
        assertThat(pace.next(WHOLE)).as("second piece").isEqualTo(WHOLE);
        pace.tookAtOnce(WHOLE);
        assertThat(pace.next(WHOLE)).as("the rest less a small piece").isEqualTo(10_000 - SMALL);
        pace.tookAtOnce(10_000 - SMALL);
        assertThat(pace.next(WHOLE)).as("the piece that fills the room").isEqualTo(SMALL);
        pace.tookAtOnce(SMALL);
        assertThat(pace.next(WHOLE)).as("past the room").isEqualTo(SMALL);
    }

    @Test
    void aRoomSmallerThanTwoSmallPiecesGetsSmallOnes() {
        TlsWrites.Pace pace = new TlsWrites.Pace(false);
        pace.tookAtOnce(SMALL + 100);
        pace.waited(WAIT, SMALL);
        assertThat(pace.next(WHOLE)).isEqualTo(SMALL);
    }

    @Test
    void boringSslsPaceIsWholeWhateverTheWaits() {
        TlsWrites.Pace pace = TlsWrites.Pace.WHOLE;
        pace.tookAtOnce(SMALL + 100);
        pace.waited(WAIT, SMALL);
        pace.waited(WAIT, SMALL);
        assertThat(pace.next(WHOLE)).isEqualTo(WHOLE);
        assertThat(new TlsWrites.Pace(false)).as("another connection's own pace").satisfies(fresh -> {
            fresh.tookAtOnce(SMALL + 100);
            fresh.waited(WAIT, SMALL);
            assertThat(fresh.next(WHOLE)).isEqualTo(SMALL);
        });
    }
}
