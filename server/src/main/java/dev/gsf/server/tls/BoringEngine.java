package dev.gsf.server.tls;

import io.netty.util.ReferenceCountUtil;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.function.BiFunction;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSession;

/**
 * Netty's BoringSSL engine as Grizzly's SSL filter can drive it. Netty's engine learns that a handshake has ended
 * only when it is next called: after the unwrap that took the client's last handshake record it still says
 * NEED_UNWRAP, and after the wrap that sent a failed handshake's alert it says NEED_UNWRAP too (the failure is thrown
 * by the call after). Netty's own SslHandler copes; Grizzly's handshake loop does not: it went on unwrapping the
 * request's record as a handshake record and dropped its plaintext (the request was lost, the client waited), and it
 * left a refused client's connection open after the alert. So after each such unwrap or wrap this asks the engine once
 * more, with nothing to read (an unwrap of no bytes runs its handshake step and returns): the handshake is then seen
 * finished at once, or its failure is kept and thrown by the next wrap, after the alert has been queued.
 *
 * <p>After the handshake, the engine says what it has to send (a refusal's alert) only in an unwrap's result, and
 * NOT_HANDSHAKING when asked, so the filter never wrapped it: this says NEED_WRAP until a wrap took it. A TLS 1.2
 * ClientHello after the handshake (a client-initiated renegotiation, which BoringSSL refuses with a fatal
 * no_renegotiation alert) then fails as a handshake does: its alert goes out and the connection is closed, as nginx
 * closes it.
 *
 * <p>A wrap of several buffers is sealed as one record ({@link GatheredPlain}), as the JDK's engine seals it.
 *
 * <p>Everything else is the engine's own. Its native memory is freed by {@link #release}.
 *
 * <p>Threads: as any SSLEngine, called under the connection's lock (the SSL filter's, {@code TlsRecords}'); the
 * engine also locks itself.
 */
final class BoringEngine extends SSLEngine {
    private static final ByteBuffer NOTHING = ByteBuffer.allocate(0);
    /** A record's content type: handshake. */
    private static final byte HANDSHAKE = 22;
    private final SSLEngine engine;
    /** A failed handshake, seen after its alert was wrapped: thrown by the next wrap. */
    private SSLException failed;
    /** After the handshake, an unwrap left records to send; {@link #renegotiation} when it took a ClientHello. */
    private boolean owesWrap;
    private boolean renegotiation;

    BoringEngine(SSLEngine engine) {
        super(engine.getPeerHost(), engine.getPeerPort());
        this.engine = engine;
    }

    /** Frees the engine's native memory (and its hold on its context); later calls find it closed. */
    void release() {
        ReferenceCountUtil.release(engine);
    }

    @Override
    public synchronized SSLEngineResult wrap(ByteBuffer[] srcs, int offset, int length, ByteBuffer dst)
            throws SSLException {
        if (failed != null) {
            throw failed;
        }
        SSLEngineResult result = GatheredPlain.needed(srcs, offset, length)
                ? wrapGathered(srcs, offset, length, dst) : engine.wrap(srcs, offset, length, dst);
        owesWrap = false;
        if (renegotiation && result.bytesProduced() > 0) {
            failed = new SSLHandshakeException("TLS 1.2 client-initiated renegotiation refused");
            return new SSLEngineResult(result.getStatus(), HandshakeStatus.NEED_WRAP, result.bytesConsumed(),
                    result.bytesProduced());
        }
        if (result.bytesProduced() == 0 || !waitsForPeer()) {
            return result;
        }
        try {
            return after(result);
        } catch (SSLException e) {
            failed = e; // its alert is in dst: the filter queues it, then this wrap's next call fails the handshake
            return new SSLEngineResult(result.getStatus(), HandshakeStatus.NEED_WRAP, result.bytesConsumed(),
                    result.bytesProduced());
        }
    }

    /** One record of the bytes of several buffers: Netty's engine would seal each buffer in a record of its own. */
    private SSLEngineResult wrapGathered(ByteBuffer[] srcs, int offset, int length, ByteBuffer dst)
            throws SSLException {
        ByteBuffer plain = GatheredPlain.copy(srcs, offset, length);
        try {
            SSLEngineResult result = engine.wrap(plain, dst);
            GatheredPlain.consumed(srcs, offset, length, result.bytesConsumed());
            return result;
        } finally {
            GatheredPlain.giveBack(plain);
        }
    }

    @Override
    public synchronized SSLEngineResult unwrap(ByteBuffer src, ByteBuffer[] dsts, int offset, int length)
            throws SSLException {
        boolean handshakeRecord = src.hasRemaining() && src.get(src.position()) == HANDSHAKE;
        SSLEngineResult result = engine.unwrap(src, dsts, offset, length);
        if (result.getHandshakeStatus() == HandshakeStatus.NEED_WRAP
                && engine.getHandshakeStatus() == HandshakeStatus.NOT_HANDSHAKING) {
            owesWrap = true; // after the handshake: Grizzly asks getHandshakeStatus, which must say so
            renegotiation |= handshakeRecord; // TLS 1.3's post-handshake messages are in application records
            return result;
        }
        return result.bytesConsumed() == 0 || !waitsForPeer() ? result : after(result);
    }

    /** Whether the engine, in a handshake, says it has nothing to do until the peer's next record. */
    private boolean waitsForPeer() {
        return engine.getHandshakeStatus() == HandshakeStatus.NEED_UNWRAP;
    }

    /** {@code result} with the handshake status the engine gives when asked again. */
    private SSLEngineResult after(SSLEngineResult result) throws SSLException {
        engine.unwrap(NOTHING, NOTHING);
        HandshakeStatus now = engine.getHandshakeStatus();
        return now == result.getHandshakeStatus() ? result
                : new SSLEngineResult(result.getStatus(), now, result.bytesConsumed(), result.bytesProduced());
    }

    @Override
    public synchronized HandshakeStatus getHandshakeStatus() {
        return failed != null || owesWrap ? HandshakeStatus.NEED_WRAP : engine.getHandshakeStatus();
    }

    @Override
    public Runnable getDelegatedTask() {
        return engine.getDelegatedTask();
    }

    @Override
    public void closeInbound() throws SSLException {
        engine.closeInbound();
    }

    @Override
    public boolean isInboundDone() {
        return engine.isInboundDone();
    }

    @Override
    public void closeOutbound() {
        engine.closeOutbound();
    }

    @Override
    public boolean isOutboundDone() {
        return engine.isOutboundDone();
    }

    @Override
    public String[] getSupportedCipherSuites() {
        return engine.getSupportedCipherSuites();
    }

    @Override
    public String[] getEnabledCipherSuites() {
        return engine.getEnabledCipherSuites();
    }

    @Override
    public void setEnabledCipherSuites(String[] suites) {
        engine.setEnabledCipherSuites(suites);
    }

    @Override
    public String[] getSupportedProtocols() {
        return engine.getSupportedProtocols();
    }

    @Override
    public String[] getEnabledProtocols() {
        return engine.getEnabledProtocols();
    }

    @Override
    public void setEnabledProtocols(String[] protocols) {
        engine.setEnabledProtocols(protocols);
    }

    @Override
    public SSLSession getSession() {
        return engine.getSession();
    }

    @Override
    public SSLSession getHandshakeSession() {
        return engine.getHandshakeSession();
    }

    @Override
    public void beginHandshake() throws SSLException {
        engine.beginHandshake();
    }

    @Override
    public void setUseClientMode(boolean mode) {
        engine.setUseClientMode(mode);
    }

    @Override
    public boolean getUseClientMode() {
        return engine.getUseClientMode();
    }

    @Override
    public void setNeedClientAuth(boolean need) {
        engine.setNeedClientAuth(need);
    }

    @Override
    public boolean getNeedClientAuth() {
        return engine.getNeedClientAuth();
    }

    @Override
    public void setWantClientAuth(boolean want) {
        engine.setWantClientAuth(want);
    }

    @Override
    public boolean getWantClientAuth() {
        return engine.getWantClientAuth();
    }

    @Override
    public void setEnableSessionCreation(boolean flag) {
        engine.setEnableSessionCreation(flag);
    }

    @Override
    public boolean getEnableSessionCreation() {
        return engine.getEnableSessionCreation();
    }

    @Override
    public SSLParameters getSSLParameters() {
        return engine.getSSLParameters();
    }

    @Override
    public void setSSLParameters(SSLParameters parameters) {
        engine.setSSLParameters(parameters);
    }

    @Override
    public String getApplicationProtocol() {
        return engine.getApplicationProtocol();
    }

    @Override
    public String getHandshakeApplicationProtocol() {
        return engine.getHandshakeApplicationProtocol();
    }

    @Override
    public void setHandshakeApplicationProtocolSelector(BiFunction<SSLEngine, List<String>, String> selector) {
        engine.setHandshakeApplicationProtocolSelector(selector);
    }

    @Override
    public BiFunction<SSLEngine, List<String>, String> getHandshakeApplicationProtocolSelector() {
        return engine.getHandshakeApplicationProtocolSelector();
    }

    @Override
    public String toString() {
        return "BoringEngine[" + engine + "]";
    }
}
