package dev.gsf.server.testing;

import java.nio.ByteBuffer;

/** A header field as {@link H2Client#requestFields} writes it by hand, where an encoder would not. */
final class HpackLiteral {
    private HpackLiteral() {
    }

    /**
     * RFC 7541 §6.2.2, a literal field never indexed with a literal name, short strings without Huffman: the one
     * representation an encoder would not write as asked, since every encoder lower-cases names (and must).
     */
    static void put(ByteBuffer block, String name, String value) {
        block.put((byte) 0x10);
        for (String s : new String[] {name, value}) {
            byte[] bytes = s.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            if (bytes.length > 126) {
                throw new IllegalArgumentException("too long for this test encoding: " + s);
            }
            block.put((byte) bytes.length).put(bytes);
        }
    }
}
