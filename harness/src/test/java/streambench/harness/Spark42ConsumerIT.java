package streambench.harness;

/** Spark 4.2.0 + delta-spark 4.4.0 + hadoop-azure 3.5.0. */
class Spark42ConsumerIT extends SparkConsumerIT {
    @Override
    String jarKey() {
        return "spark-4.2.jar";
    }
}
