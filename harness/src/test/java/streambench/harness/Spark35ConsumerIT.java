package streambench.harness;

/** Spark 3.5.7 + delta-spark 3.3.2 + hadoop-azure 3.4.2. */
class Spark35ConsumerIT extends SparkConsumerIT {
    @Override
    String jarKey() {
        return "spark-3.5.jar";
    }
}
