package streambench.flink;

import java.util.concurrent.TimeUnit;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;

/**
 * A Flink 1.16 session cluster in a JVM of its own (JobManager, one TaskManager, REST endpoint), run by
 * {@link ClusterJarIT} with only Flink on its classpath, as a distribution's lib/ would be: then the job's
 * classes — connector, Kernel, Hadoop — can only come from the submitted jar. Prints its REST address.
 */
public final class StandaloneFlinkCluster {
    private StandaloneFlinkCluster() {}

    public static void main(String[] args) throws Exception {
        Configuration conf = new Configuration();
        conf.setString("rest.bind-port", "0");
        conf.setString("rest.address", "127.0.0.1");
        MiniCluster flink = new MiniCluster(new MiniClusterConfiguration.Builder()
                .setConfiguration(conf)
                .setNumTaskManagers(1)
                .setNumSlotsPerTaskManager(2)
                .build());
        flink.start();
        System.out.println("REST " + flink.getRestAddress().get(60, TimeUnit.SECONDS));
        System.out.flush();
        Thread.currentThread().join(); // until the test kills it
    }
}
