package dev.gsf.micro.echo;

import dev.gsf.micro.common.Choices;

/** A server kind with a client kind, written S-C as in the paper: B-B, NB-NB, B-NB, NB-B, A-A, VT-VT. */
public record EchoPair(EchoKind server, EchoKind client) {
    public static EchoPair parse(String text) {
        String[] parts = text.trim().split("-");
        if (parts.length != 2) {
            throw new IllegalArgumentException("'" + text + "' is not SERVER-CLIENT, e.g. B-NB (kinds: B, NB, A, VT)");
        }
        return new EchoPair(Choices.parse(EchoKind.class, parts[0]), Choices.parse(EchoKind.class, parts[1]));
    }

    public String label() {
        return server + "-" + client;
    }

    public String description() {
        return server.description + " server, " + client.description + " client";
    }
}
