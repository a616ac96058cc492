package dev.gsf.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class PageTest {
    @Test
    void tableCellsAreEscapedAndNumbersAlignRight() {
        String html = new Page("t").table(List.of("file", "<sent>"),
                List.of(List.of("/a<b>&'c\".bin", "12.5 MB"), List.of("x", "1,024"))).html();
        assertThat(html).contains("<th>&lt;sent&gt;</th>", "<td>/a&lt;b&gt;&amp;&#39;c&quot;.bin</td>",
                "<td class='n'>12.5 MB</td>", "<td class='n'>1,024</td>").doesNotContain("<b>");
    }

    @Test
    void onlyAPageAskedToRefreshesItself() {
        assertThat(new Page("report").html()).doesNotContain("refresh");
        assertThat(new Page("status").refreshEvery(2).html()).contains("<meta http-equiv='refresh' content='2'>");
        assertThatThrownBy(() -> new Page("x").refreshEvery(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
