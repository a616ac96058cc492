package dev.gsf.server.files;

import java.nio.file.attribute.BasicFileAttributes;

/**
 * One entry of a directory listing: its name as the file system gives it (bytes that are not UTF-8 arrive as U+FFFD,
 * the JDK's decoding), what it is, its size (of a regular file) and when it was last modified.
 */
public record DirectoryEntry(String name, Type type, long size, long lastModifiedSeconds) {

    /** What the entry is, as nginx's JSON listing names it. */
    public enum Type { FILE, DIRECTORY, OTHER }

    static DirectoryEntry of(String name, BasicFileAttributes attributes) {
        Type type = attributes.isRegularFile() ? Type.FILE : attributes.isDirectory() ? Type.DIRECTORY : Type.OTHER;
        return new DirectoryEntry(name, type, attributes.size(),
                Math.floorDiv(attributes.lastModifiedTime().toMillis(), 1000));
    }
}
