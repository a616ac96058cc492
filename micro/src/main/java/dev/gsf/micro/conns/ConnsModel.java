package dev.gsf.micro.conns;

import java.io.IOException;

/** A server model: a platform or a virtual thread per connection, or a reactor with k selector threads. */
public record ConnsModel(String kind, int selectors) {
    public static final ConnsModel PLATFORM = new ConnsModel("platform", 0);
    public static final ConnsModel VIRTUAL = new ConnsModel("virtual", 0);

    public static ConnsModel reactor(int selectors) {
        return new ConnsModel("reactor", selectors);
    }

    public boolean blocking() {
        return !kind.equals("reactor");
    }

    public String label() {
        return blocking() ? kind + " thread per connection" : "reactor, " + selectors + " selectors";
    }

    ConnsServer start(ConnsTally tally, int maxPayload) throws IOException {
        return switch (kind) {
            case "platform" -> new ThreadPerConnectionServer(tally, maxPayload,
                    Thread.ofPlatform().daemon().name("conns-reader-", 0).factory());
            case "virtual" -> new ThreadPerConnectionServer(tally, maxPayload,
                    Thread.ofVirtual().name("conns-reader-", 0).factory());
            case "reactor" -> new ReactorServer(tally, maxPayload, selectors);
            default -> throw new IllegalArgumentException("unknown model " + kind);
        };
    }
}
