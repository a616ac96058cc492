package dev.gsf.server.files;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Content-Type by the name's last extension, any case; anything unknown is a byte stream. */
class ContentTypesTest {
    @Test
    void theLastExtensionDecides_inAnyCase() {
        assertThat(ContentTypes.of("index.HTML")).isEqualTo("text/html; charset=utf-8");
        assertThat(ContentTypes.of("release.tar.gz")).isEqualTo("application/gzip");
        assertThat(ContentTypes.of("font.woff2")).isEqualTo("font/woff2");
        assertThat(ContentTypes.of("app.mjs")).isEqualTo("text/javascript; charset=utf-8");
        assertThat(ContentTypes.of("src.tar.xz")).isEqualTo("application/x-xz");
    }

    @Test
    void noOrAnUnknownExtensionIsAByteStream() {
        for (String name : new String[] {"1MB.bin", "README", "trailing.", ".hidden-but-asked", "a.unknownext"}) {
            assertThat(ContentTypes.of(name)).as(name).isEqualTo(ContentTypes.DEFAULT);
        }
    }
}
