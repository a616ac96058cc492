package dev.gsf.server.testing;

import dev.gsf.algorithms.Algorithm;
import org.junit.jupiter.params.Parameter;

/**
 * Base of the connected-server test classes that run once per algorithm and transport: a subclass is a
 * {@code @ParameterizedClass} fed by {@link Variants#algorithmsAndTransport()}, whose two arguments land here, and
 * its connection goes over that transport (its server must be started with {@link Transport#keys}).
 */
public abstract class AlgorithmAndTransportFixture extends ConnectedServerFixture {
    @Parameter(0)
    protected Algorithm algorithm;
    @Parameter(1)
    protected Transport transport;

    @Override
    protected Transport transport() {
        return transport;
    }
}
