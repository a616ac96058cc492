package dev.gsf.micro.report;

import java.util.ArrayList;
import java.util.List;

/** A plain text table: first column left-aligned, the others right-aligned, columns sized to fit. */
public final class TextTable {
    private final List<String[]> rows = new ArrayList<>();
    private final int columns;

    public TextTable(String... headers) {
        this.columns = headers.length;
        rows.add(headers);
    }

    public TextTable row(Object... cells) {
        if (cells.length != columns) {
            throw new IllegalArgumentException("row has " + cells.length + " cells, table has " + columns);
        }
        String[] r = new String[columns];
        for (int i = 0; i < columns; i++) {
            r[i] = String.valueOf(cells[i]);
        }
        rows.add(r);
        return this;
    }

    public int size() {
        return rows.size() - 1;
    }

    public String render() {
        int[] width = new int[columns];
        for (String[] r : rows) {
            for (int i = 0; i < columns; i++) {
                width[i] = Math.max(width[i], r[i].length());
            }
        }
        StringBuilder sb = new StringBuilder();
        for (int n = 0; n < rows.size(); n++) {
            String[] r = rows.get(n);
            for (int i = 0; i < columns; i++) {
                String pad = " ".repeat(width[i] - r[i].length());
                sb.append(i == 0 ? r[i] + pad : "  " + pad + r[i]);
            }
            sb.append('\n');
            if (n == 0) {
                int total = 0;
                for (int w : width) {
                    total += w + 2;
                }
                sb.append("-".repeat(total - 2)).append('\n');
            }
        }
        return sb.toString();
    }
}
