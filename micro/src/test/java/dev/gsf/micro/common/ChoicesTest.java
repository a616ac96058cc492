package dev.gsf.micro.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gsf.micro.echo.EchoKind;
import dev.gsf.micro.echo.EchoPair;
import dev.gsf.micro.ping.PingStyle;
import org.junit.jupiter.api.Test;

/** Words on the command line name enum constants in any case; an unknown one is answered with the choices. */
class ChoicesTest {

    @Test
    void anyCaseAndSurroundingSpaceNameTheConstant() {
        assertThat(Choices.parse(PingStyle.class, " Handler ")).isEqualTo(PingStyle.HANDLER);
        assertThat(EchoPair.parse("vt-nb")).isEqualTo(new EchoPair(EchoKind.VT, EchoKind.NB));
    }

    @Test
    void anUnknownWordListsTheChoices() {
        assertThatThrownBy(() -> Choices.parse(PingStyle.class, "fast"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("'fast' is not one of blocking, spin, future, handler, virtual");
    }
}
