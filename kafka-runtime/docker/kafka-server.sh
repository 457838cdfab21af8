#!/bin/bash
# Writes server.properties from the KAFKA_* environment, formats the storage once, then runs the broker.
set -euo pipefail
config=/opt/kafka/config/server.properties
: > "$config"
while IFS='=' read -r name value; do
  case "$name" in
    KAFKA_HEAP_OPTS | KAFKA_OPTS | KAFKA_VERSION | KAFKA_CLUSTER_ID) continue ;;
    KAFKA_*)
      key=${name#KAFKA_}
      key=${key,,}
      key=${key//___/-}
      key=${key//__/@}
      key=${key//_/.}
      key=${key//@/_}
      printf '%s=%s\n' "$key" "$value" >> "$config"
      ;;
  esac
done < <(env)
grep -q '^log\.dirs=' "$config" || echo "log.dirs=/var/lib/kafka/data" >> "$config"
classpath="/opt/kafka/libs/*"
log4j="-Dlog4j2.configurationFile=/opt/kafka/config/log4j2.properties"
data=$(sed -n 's/^log\.dirs=//p' "$config" | cut -d, -f1)
if [ ! -f "$data/meta.properties" ]; then
  cluster_id=${KAFKA_CLUSTER_ID:-$(java -cp "$classpath" "$log4j" kafka.tools.StorageTool random-uuid)}
  java -cp "$classpath" "$log4j" kafka.tools.StorageTool format -t "$cluster_id" -c "$config"
fi
# shellcheck disable=SC2086 # the options are lists of words
exec java ${KAFKA_HEAP_OPTS:--Xmx1g -Xms1g} -XX:+UseG1GC -Djava.awt.headless=true "$log4j" ${KAFKA_OPTS:-} \
  -cp "$classpath" kafka.Kafka "$config"
