// SPDX-License-Identifier: Apache-2.0
package rangingengine.spark;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.SparkConf;
import rangingengine.TableReplay;

/**
 * The threads each recording's replay takes in its Spark task (ranging_replay_table's {@code --jobs}), chosen on
 * the driver so that a lone recording uses its executor's cores and many recordings do not oversubscribe them.
 *
 * <p>A recording is one task's, and its replay is one call; on one thread it leaves the executor's other cores idle
 * when fewer tasks than cores run, as with one recording on {@code local[2]}. So each replay takes an equal share of
 * the executor's cores among the tasks that may run on it at once: {@code max(spark.task.cpus, executorCores /
 * min(tasks, executorCores / spark.task.cpus))}, at most what {@code --jobs} takes
 * ({@link TableReplay#maxJobs}, from the C library). One recording on {@code local[2]} replays on 2
 * threads (beside the one that reads); as many recordings as cores, or more, each on {@code spark.task.cpus}
 * threads (1 by default), which is what the scheduler gave the task. The count assumes every task might land on one
 * executor, so it never asks for more threads than cores, at the price of idle cores when the tasks spread out.
 *
 * <p>The executor's cores: N of {@code local[N]} ({@code local[*]}: this machine's), the cores of each worker of
 * {@code local-cluster[W,C,M]}, else {@code spark.executor.cores}, else 1 (a cluster manager's default that the
 * driver cannot see). A {@code --jobs} among the options is the caller's choice and is kept as it is.
 */
final class ReplayThreads {
  private ReplayThreads() {}

  private static final Pattern LOCAL = Pattern.compile("local\\[(\\*|\\d+)(?:,\\d+)?\\]");
  private static final Pattern LOCAL_CLUSTER = Pattern.compile("local-cluster\\[\\d+,\\s*(\\d+),\\s*\\d+\\]");

  /** The threads of each replay of a stage of {@code tasks} tasks, or 0 when {@code options} give --jobs. */
  static int choose(SparkConf conf, String master, int tasks, List<String> options) {
    for (String option : options) {
      if (option.equals("--jobs") || option.startsWith("--jobs=")) return 0;
    }
    int taskCpus = Math.max(1, conf.getInt("spark.task.cpus", 1));
    int cores = executorCores(conf, master);
    int atOnce = Math.max(1, Math.min(tasks, Math.max(1, cores / taskCpus)));
    return Math.min(TableReplay.maxJobs(), Math.max(taskCpus, cores / atOnce));
  }

  /** The cores of one executor, as the class comment says. */
  static int executorCores(SparkConf conf, String master) {
    if (master.equals("local")) return 1;
    Matcher local = LOCAL.matcher(master);
    if (local.matches()) {
      return local.group(1).equals("*") ? Runtime.getRuntime().availableProcessors() : parse(local.group(1));
    }
    Matcher cluster = LOCAL_CLUSTER.matcher(master);
    if (cluster.matches()) return parse(cluster.group(1));
    return Math.max(1, conf.getInt("spark.executor.cores", 1));
  }

  /** A count of cores as a master URL gives it; past int, the most a replay takes. */
  private static int parse(String digits) {
    try {
      return Math.max(1, Integer.parseInt(digits));
    } catch (NumberFormatException tooMany) {
      return TableReplay.maxJobs();
    }
  }
}
