#!/bin/bash
# Kafka's topic tool, at the path the official image has it.
exec java -Xmx256m -Dlog4j2.configurationFile=/opt/kafka/config/log4j2.properties -cp "/opt/kafka/libs/*" \
  org.apache.kafka.tools.TopicCommand "$@"
