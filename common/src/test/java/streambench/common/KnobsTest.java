package streambench.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class KnobsTest {
    enum Acks {
        ALL,
        ONE,
        NONE
    }

    @Test
    void usesTheDefaultWhenUnsetOrBlank() {
        Knobs knobs = Knobs.of(Map.of("BLANK", "  "));
        assertThat(knobs.env("UNSET", "42").asPositiveInt()).isEqualTo(42);
        assertThat(knobs.env("BLANK", "7").asInt()).isEqualTo(7);
    }

    @Test
    void parsesTypedValues() {
        Knobs knobs = Knobs.of(Map.of(
                "I",
                " 12 ",
                "L",
                "9000000000",
                "D",
                "250ms",
                "B",
                "TRUE",
                "E",
                "none",
                "F",
                "1.5",
                "M",
                "2m",
                "U",
                "300us"));
        assertThat(knobs.env("I", "0").asPositiveInt()).isEqualTo(12);
        assertThat(knobs.env("L", "0").asPositiveLong()).isEqualTo(9_000_000_000L);
        assertThat(knobs.env("D", "1s").asDuration()).isEqualTo(Duration.ofMillis(250));
        assertThat(knobs.env("M", "1s").asDuration()).isEqualTo(Duration.ofMinutes(2));
        assertThat(knobs.env("U", "1s").asDuration()).isEqualTo(Duration.ofNanos(300_000));
        assertThat(knobs.env("B", "false").asBoolean()).isTrue();
        assertThat(knobs.env("E", "all").asEnum(Acks.class)).isEqualTo(Acks.NONE);
        assertThat(knobs.env("F", "1").asPositiveDouble()).isEqualTo(1.5);
    }

    @Test
    void invalidValuesNameTheVariableTheValueAndWhatIsExpected() {
        Knobs knobs = Knobs.of(Map.of(
                "KAFKA_MIN_PARTITIONS",
                "abc",
                "RATE",
                "-5",
                "TRIGGER_INTERVAL",
                "5",
                "ENABLED",
                "yes",
                "ACKS",
                "two",
                "THREADS",
                "0"));
        assertThatThrownBy(() -> knobs.env("KAFKA_MIN_PARTITIONS", "1").asPositiveInt())
                .isInstanceOf(ConfigException.class)
                .hasMessage("KAFKA_MIN_PARTITIONS must be a positive integer, got \"abc\"");
        assertThatThrownBy(() -> knobs.env("RATE", "1").asPositiveLong())
                .hasMessage("RATE must be a positive integer, got \"-5\"");
        assertThatThrownBy(() -> knobs.env("THREADS", "1").asPositiveInt())
                .hasMessage("THREADS must be a positive integer, got \"0\"");
        assertThatThrownBy(() -> knobs.env("TRIGGER_INTERVAL", "1s").asDuration())
                .hasMessage("TRIGGER_INTERVAL must be a duration such as 500ms, 5s, 2m or 1h, got \"5\"");
        assertThatThrownBy(() -> Knobs.of(Map.of("COMMIT_INTERVAL", "0ms"))
                        .env("COMMIT_INTERVAL", "1s")
                        .asPositiveDuration())
                .hasMessage("COMMIT_INTERVAL must be a positive duration such as 500ms or 1s, got \"0ms\"");
        assertThat(Knobs.of(Map.of()).env("COMMIT_INTERVAL", "1s").asPositiveDuration())
                .isEqualTo(Duration.ofSeconds(1));
        assertThatThrownBy(() -> knobs.env("ENABLED", "true").asBoolean())
                .hasMessage("ENABLED must be true or false, got \"yes\"");
        assertThatThrownBy(() -> knobs.env("ACKS", "all").asEnum(Acks.class))
                .hasMessage("ACKS must be one of all, one, none, got \"two\"");
    }

    private enum KafkaAcks {
        ALL("all"),
        LEADER("1"),
        NONE("0");

        final String spelling;

        KafkaAcks(String spelling) {
            this.spelling = spelling;
        }
    }

    /** Choices that are not Java names (Kafka's acks 1 and 0) match their spelling; the error lists the spellings. */
    @Test
    void anEnumCanBeSpelledOtherwiseThanItsConstants() {
        Knobs knobs = Knobs.of(Map.of("ONE", "1", "ALL", "ALL", "BAD", "2", "LZ", "lz4-raw"));
        assertThat(knobs.env("ONE", "all").asEnum(KafkaAcks.class, a -> a.spelling))
                .isEqualTo(KafkaAcks.LEADER);
        assertThat(knobs.env("ALL", "0").asEnum(KafkaAcks.class, a -> a.spelling))
                .isEqualTo(KafkaAcks.ALL);
        assertThatThrownBy(() -> knobs.env("BAD", "all").asEnum(KafkaAcks.class, a -> a.spelling))
                .isInstanceOf(ConfigException.class)
                .hasMessage("BAD must be one of all, 1, 0, got \"2\"");
        assertThat(knobs.env("LZ", "none").asEnum(Codec.class)).isEqualTo(Codec.LZ4_RAW);
    }

    private enum Codec {
        NONE,
        LZ4_RAW
    }

    @Test
    void aPortIsZeroTo65535() {
        Knobs knobs = Knobs.of(Map.of("HEALTH_PORT", "65536", "P0", "0", "PMAX", "65535", "NEG", "-1"));
        assertThat(knobs.env("P0", "1").asPort()).isZero();
        assertThat(knobs.env("PMAX", "1").asPort()).isEqualTo(65535);
        assertThatThrownBy(() -> knobs.env("HEALTH_PORT", "8080").asPort())
                .isInstanceOf(ConfigException.class)
                .hasMessage("HEALTH_PORT must be a port number 0-65535 (0: any free port), got \"65536\"");
        assertThatThrownBy(() -> knobs.env("NEG", "8080").asPort()).isInstanceOf(ConfigException.class);
    }

    @Test
    void requiredSaysWhatTheVariableIsFor() {
        assertThatThrownBy(() -> Knobs.of(Map.of()).required("TOPIC", "the Kafka topic to write to"))
                .isInstanceOf(ConfigException.class)
                .hasMessage("TOPIC is not set: the Kafka topic to write to");
    }

    @Test
    void effectiveConfigurationListsWhatWasReadWithSecretsRedacted() {
        Knobs knobs = Knobs.of(Map.of("ADLS_ACCOUNT_KEY", "c2VjcmV0", "RATE", "10", "UNREAD", "x"));
        knobs.env("RATE", "1");
        knobs.env("ADLS_ACCOUNT_KEY", "");
        knobs.env("PRODUCER_THREADS", "2");
        assertThat(knobs.effectiveRedacted())
                .containsExactly(
                        Map.entry("ADLS_ACCOUNT_KEY", Secrets.REDACTED),
                        Map.entry("PRODUCER_THREADS", "2"),
                        Map.entry("RATE", "10"));
    }

    @Test
    void passThroughSecretsAreRedactedInTheEffectiveConfiguration() {
        Knobs knobs = Knobs.of(Map.of(
                "KAFKA_CLIENT_SSL_KEYSTORE_KEY",
                "-----BEGIN PRIVATE KEY-----\nMIIEkeystore\n-----END PRIVATE KEY-----",
                "KAFKA_CLIENT_KEY_SERIALIZER",
                "org.example.KeySerializer"));
        knobs.withPrefix("KAFKA_CLIENT_");
        assertThat(knobs.effectiveRedacted())
                .containsExactly(
                        Map.entry("KAFKA_CLIENT_KEY_SERIALIZER", "org.example.KeySerializer"),
                        Map.entry("KAFKA_CLIENT_SSL_KEYSTORE_KEY", Secrets.REDACTED));
    }

    @Test
    void errorsOnSecretKnobsDoNotEchoTheValue() {
        Knobs knobs = Knobs.of(Map.of("FELDERA_API_KEY", "hunter2"));
        assertThatThrownBy(() -> knobs.env("FELDERA_API_KEY", "").asPositiveInt())
                .hasMessageNotContaining("hunter2");
    }

    /** Each used to be accepted and fail later, once things had started, with an ArithmeticException. */
    @Test
    void aDurationTooLongForALongOfNanosecondsIsRefused() {
        Knobs knobs = Knobs.of(Map.of(
                "H", "9999999999999999h",
                "M", "153722867281m",
                "U", "9223372036854775807us",
                "D", "99999999999999999999s"));
        for (String name : new String[] {"H", "M", "U", "D"}) {
            assertThatThrownBy(() -> knobs.env(name, "1s").asDuration())
                    .as(name)
                    .isInstanceOf(ConfigException.class)
                    .hasMessageStartingWith(name + " must be a duration of at most 2562047h, got");
        }
        assertThat(Knobs.of(Map.of("S", "9223372036s"))
                        .env("S", "1s")
                        .asDuration()
                        .toMillis())
                .isEqualTo(9_223_372_036_000L);
        assertThat(Knob.LONGEST.toNanos()).isEqualTo(Long.MAX_VALUE);
    }

    /** Kafka's receive.buffer.bytes and send.buffer.bytes: -1 is the OS default; 0 and below are not sizes. */
    @Test
    void aSocketBufferIsMinusOneOrPositive() {
        Knobs knobs = Knobs.of(Map.of("OS", "-1", "B", "65536", "ZERO", "0", "NEG", "-2"));
        assertThat(knobs.env("OS", "1").asSocketBufferBytes()).isEqualTo(-1);
        assertThat(knobs.env("B", "1").asSocketBufferBytes()).isEqualTo(65536);
        for (String name : new String[] {"ZERO", "NEG"}) {
            assertThatThrownBy(() -> knobs.env(name, "1").asSocketBufferBytes())
                    .isInstanceOf(ConfigException.class)
                    .hasMessageStartingWith(
                            name + " must be -1 (the operating system's default) or a positive number of bytes");
        }
    }

    @Test
    void aHeapSizeIsWhatXmxTakes() {
        Knobs ok = Knobs.of(Map.of("G", "4g", "M", "1536M", "T", "1t", "B", "1073741824", "K", " 524288k "));
        for (String name : new String[] {"G", "M", "T", "B"}) {
            assertThat(ok.env(name, "1g").asHeapSize())
                    .as(name)
                    .isEqualTo(ok.env(name, "").asString());
        }
        assertThat(ok.env("K", "1g").asHeapSize()).isEqualTo("524288k");
        Knobs bad = Knobs.of(Map.of(
                "SPACE",
                "4 g",
                "WORD",
                "abc",
                "ZERO",
                "0m",
                "UNIT",
                "4x",
                "NEG",
                "-4g",
                "HUGE",
                "99999999999999999999g"));
        for (String name : new String[] {"SPACE", "WORD", "ZERO", "UNIT", "NEG", "HUGE"}) {
            assertThatThrownBy(() -> bad.env(name, "1g").asHeapSize())
                    .as(name)
                    .isInstanceOf(ConfigException.class)
                    .hasMessageStartingWith(name + " must be a JVM heap size such as 4g, 1536m or 1t");
        }
        assertThatThrownBy(() ->
                        Knobs.of(Map.of("HEAP", "16777216t")).env("HEAP", "1g").asHeapSize())
                .hasMessageContaining("fits in a long");
    }
}
