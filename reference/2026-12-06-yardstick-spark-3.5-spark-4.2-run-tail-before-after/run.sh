#!/bin/bash
# one pair, same hour: the build before this session's harness changes, then the build with them
set -u
run() { # name dir
  cd "$2" && java -Xmx6g -cp "harness/target/lib/*:harness/target/harness.jar" streambench.harness.cli.HarnessMain run --engines yardstick,spark-3.5,spark-4.2 --results /work/bench/ab/$1 > /work/bench/ab/$1.console.txt 2>&1
  echo "exit $?" >> /work/bench/ab/$1.console.txt
}
run before-01c3680 /work/old
run after-d607638 /work/main
echo done > /work/bench/ab/done
