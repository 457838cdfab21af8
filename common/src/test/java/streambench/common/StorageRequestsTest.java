package streambench.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StorageRequestsTest {
    @Test
    void totalFirstThenOnlyTheOperationsThatMadeRequests() {
        Map<String, Long> before =
                Map.of("connections_made", 100L, "op_create", 4L, "op_rename", 2L, "action_http_put_request", 30L);
        Map<String, Long> after = Map.of(
                "connections_made",
                112L,
                "op_create",
                6L,
                "op_rename",
                2L,
                "op_list_status",
                1L,
                "action_http_put_request",
                39L,
                "bytes_sent",
                4096L);
        assertThat(StorageRequests.between(before, after))
                .containsExactly(
                        Map.entry("total", 12L),
                        Map.entry("create", 2L),
                        Map.entry("list", 1L),
                        Map.entry("http_put", 9L));
    }

    @Test
    void createAddsUpBothCreateCalls() {
        Map<String, Long> after = Map.of("connections_made", 3L, "op_create", 1L, "op_create_non_recursive", 2L);
        assertThat(StorageRequests.between(Map.of(), after)).containsEntry("create", 3L);
    }

    @Test
    void existsIsNotCountedBesideGetFileStatus() {
        Map<String, Long> after = Map.of("connections_made", 1L, "op_exists", 1L, "op_get_file_status", 1L);
        assertThat(StorageRequests.between(Map.of(), after))
                .containsExactly(Map.entry("total", 1L), Map.entry("get_status", 1L));
    }

    @Test
    void aQuietIntervalStillHasItsTotal() {
        Map<String, Long> same = Map.of("connections_made", 5L, "op_open", 1L);
        assertThat(StorageRequests.between(same, same)).containsExactly(Map.entry("total", 0L));
    }

    @Test
    void aFileSystemWithoutRequestCountersGivesNothing() {
        assertThat(StorageRequests.between(Map.of(), Map.of())).isEmpty();
        assertThat(StorageRequests.between(Map.of(), Map.of("op_create", 1L))).isEmpty();
    }

    @Test
    void putsSentPastTheFileSystemCountAsTheirOwnOperationAndInTotalAndPut() {
        Map<String, Long> fs = Map.of("connections_made", 10L, "action_http_put_request", 4L);
        Map<String, Long> later = Map.of("connections_made", 13L, "action_http_put_request", 5L);
        assertThat(StorageRequests.between(StorageRequests.withOwnPuts(fs, 2), StorageRequests.withOwnPuts(later, 6)))
                .containsExactly(Map.entry("total", 7L), Map.entry("blob_put", 4L), Map.entry("http_put", 5L));
        assertThat(StorageRequests.withOwnPuts(fs, 0)).isSameAs(fs);
    }

    @Test
    void aCounterThatWentDownStartedAgainFromZero() {
        Map<String, Long> old = Map.of("connections_made", 500L, "op_delete", 7L);
        Map<String, Long> fresh = Map.of("connections_made", 3L, "op_delete", 1L);
        assertThat(StorageRequests.between(old, fresh))
                .containsExactly(Map.entry("total", 3L), Map.entry("delete", 1L));
    }

    @Test
    void nextCountsFromTheBaselineAndKeepsTheRunningTotal() {
        StorageRequests requests = new StorageRequests(Map.of("connections_made", 40L));
        assertThat(requests.next(Map.of("connections_made", 45L, "op_mkdirs", 1L)))
                .containsExactly(Map.entry("total", 5L), Map.entry("mkdirs", 1L));
        assertThat(requests.next(Map.of("connections_made", 52L, "op_mkdirs", 1L)))
                .containsExactly(Map.entry("total", 7L));
        assertThat(requests.total()).isEqualTo(12);
    }

    @Test
    void everyHttpMethodHasItsEntry() {
        Map<String, Long> after = Map.of(
                "connections_made", 6L,
                "action_http_put_request", 1L,
                "action_http_patch_request", 1L,
                "action_http_get_request", 1L,
                "action_http_head_request", 1L,
                "action_http_delete_request", 1L,
                "action_http_post_request", 1L);
        assertThat(StorageRequests.between(Map.of(), after).keySet())
                .containsExactly(
                        "total", "http_put", "http_patch", "http_get", "http_head", "http_delete", "http_post");
    }

    @Test
    void theCountersToCopyAreTheOnesRead() {
        Map<String, Long> all = new java.util.HashMap<>();
        for (String name : List.of(
                "connections_made",
                "op_create",
                "op_create_non_recursive",
                "action_http_patch_request",
                "op_exists",
                "bytes_sent")) {
            all.put(name, 1L);
        }
        assertThat(StorageRequests.countersIn(all))
                .containsKeys("connections_made", "op_create", "op_create_non_recursive", "action_http_patch_request")
                .doesNotContainKeys("op_exists", "bytes_sent");
    }
}
