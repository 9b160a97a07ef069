// SPDX-License-Identifier: MIT
// cohort's copy_if, partition, histogram_even and segmented_reduce on the GPU against CUB
// in the same run (the reference of every row):
// - copy_if of int32 keeping 50% and 10% against cub::DeviceSelect::If;
// - partition (50%) against cub::DevicePartition::If (both write the rejected ones in
//   reverse order), and stable_partition, which keeps them in input order at the cost of
//   a counting pass, against the same;
// - histogram_even of int32 samples into 256 and 4,096 bins against
//   cub::DeviceHistogram::HistogramEven;
// - segmented_reduce (sum) of int32 in 2^16 equal segments against
//   cub::DeviceSegmentedReduce::Sum.
// Inputs are pseudo-random; every result is integer and checked exactly against the host
// (CUB's too); outputs are poisoned before each run. Both are timed with CUDA events on
// their stream around the call (cohort's: call_row, on the queue's stream), so both
// include the gaps where the GPU waits for the host to launch.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include <cub/device/device_histogram.cuh>
#include <cub/device/device_partition.cuh>
#include <cub/device/device_segmented_reduce.cuh>
#include <cub/device/device_select.cuh>

#include <cohort/algorithm/copy_if.hpp>
#include <cohort/algorithm/histogram.hpp>
#include <cohort/algorithm/segmented_reduce.hpp>

#include "common.cuh"
#include "kernels/algorithm_inputs.hpp"

namespace cbench {

namespace {

/// Keeps the values whose residue modulo 100 is below `percent`.
struct keeps_percent {
  unsigned percent;
  COHORT_FUNCTION bool operator()(std::int32_t v) const { return static_cast<std::uint32_t>(v) % 100u < percent; }
};

/// CUB's temporary storage for one call shape, sized by a first call with no storage.
struct cub_storage {
  std::size_t bytes = 0;
  void* p = nullptr;
  template <typename F>
  explicit cub_storage(F&& size_query) {
    check(size_query(static_cast<void*>(nullptr), bytes), "CUB temporary storage size");
    check(cudaMalloc(&p, bytes == 0 ? 1 : bytes), "cudaMalloc (CUB temporary storage)");
  }
  ~cub_storage() { cudaFree(p); }
  cub_storage(const cub_storage&) = delete;
  cub_storage& operator=(const cub_storage&) = delete;
};

row base_row(const std::string& benchmark, std::size_t n, const char* cub_name) {
  row r{benchmark, "", "int32", 0, 0, 0, 0, false, "B/s", n, cub_name, ""};
  r.family = "algorithm_select";
  return r;
}

bool check_equal(const char* what, const std::vector<std::int32_t>& got, const std::vector<std::int32_t>& expected) {
  for (std::size_t i = 0; i < expected.size(); ++i)
    if (got[i] != expected[i]) {
      std::fprintf(stderr, "    %s[%zu] = %d, expected %d\n", what, i, got[i], expected[i]);
      return false;
    }
  return true;
}

bool check_count(const char* what, std::size_t got, std::size_t expected) {
  if (got != expected) std::fprintf(stderr, "    %s = %zu, expected %zu\n", what, got, expected);
  return got == expected;
}

/// The CUB row, then cohort's row `variant` of the same work. `cub(storage, bytes, stream)`
/// calls CUB (first with no storage, for its size); `cub_ok()` and `verify()` check the
/// output after CUB's runs and after cohort's; `call` as for call_row.
template <typename Prepare, typename Cub, typename CubOk, typename Call, typename Verify>
void cub_and_cohort_rows(const cohort::device& device, const options& o, row base, double bytes, Prepare&& prepare,
                         Cub&& cub, CubOk&& cub_ok, const char* variant, Call&& call, Verify&& verify) {
  const std::string cub_name = base.reference;
  cub_storage temp([&](void* p, std::size_t& b) { return cub(p, b, cudaStream_t{}); });
  const double t_cub = time_cuda(
      prepare, [&](cudaStream_t s) { check(cub(temp.p, temp.bytes, s), cub_name.c_str()); }, o.repeats);
  base.reference_seconds = t_cub;
  reference_row(base, cub_name.c_str(), t_cub, cub_ok(), bytes);
  row r = base;
  r.variant = variant;
  call_row(device, r, o.repeats, bytes, prepare, call, verify);
}

// ---- copy_if and partition -----------------------------------------------------------------

void selection(const cohort::device& device, const options& o, std::size_t n, const std::vector<std::int32_t>& host,
               const device_array<std::int32_t>& in, unsigned percent) {
  const keeps_percent pred{percent};
  std::vector<std::int32_t> expected;
  std::copy_if(host.begin(), host.end(), std::back_inserter(expected), pred);
  const std::size_t k = expected.size();
  device_array<std::int32_t> out(n);
  device_array<std::size_t> count(1);
  auto prepare = [&] {
    out.poison();
    count.poison();
  };
  auto verify = [&] {
    return check_count("count", to_host(count.get(), 1)[0], k) && check_equal("out", to_host(out.get(), k), expected);
  };
  const double bytes = 4.0 * static_cast<double>(n + k);
  cub_and_cohort_rows(
      device, o, base_row("copy_if_" + std::to_string(percent) + "%", n, "cub::DeviceSelect::If"), bytes, prepare,
      [&](void* p, std::size_t& b, cudaStream_t s) {
        return cub::DeviceSelect::If(p, b, in.get(), out.get(), count.get(), static_cast<std::int64_t>(n), pred, s);
      },
      verify, "cohort::copy_if",
      [&](cohort::queue& q, const cohort::event& start) {
        return cohort::copy_if(q, in.get(), in.get() + n, out.get(), count.get(), pred, {start});
      },
      verify);
#if COHORT_BENCH_TILE_STUDIES
  // The tuning study: other tile shapes (the CUB row above is the reference of each).
  if (o.quick || o.tiny || percent != 50) return;
  const row base = rows().back();
  // Each shape with its tiles taken by group id, and the default one with tiles drawn from
  // a counter (what tile_order::by_group_id saves).
  auto shape_row = [&](auto shape, cohort::detail::tile_order order) {
    using Shape = decltype(shape);
    row r = base;
    r.variant = "cohort tile " + std::to_string(Shape::group) + "x" + std::to_string(Shape::items);
    if (Shape::min_groups_per_unit != 0) r.variant += " min " + std::to_string(Shape::min_groups_per_unit) + " groups";
    if (order == cohort::detail::tile_order::drawn) r.variant += " drawn tiles";
    r.group = Shape::group;
    call_row(
        device, r, o.repeats, bytes, prepare,
        [&](cohort::queue& q, const cohort::event& start) {
          return cohort::detail::select_gpu<cohort::detail::select_mode::copy_if, Shape>(
              q, cohort::storage_of(q), in.get(), n, out.get(), out.get(), count.get(), pred, {start}, order);
        },
        verify);
  };
  using order = cohort::detail::tile_order;
  shape_row(cohort::select_tuning_gpu::shape<std::int32_t>{}, order::drawn);
  shape_row(cohort::detail::tile_shape<256, 16, 6>{}, order::by_group_id);
  shape_row(cohort::detail::tile_shape<256, 20>{}, order::by_group_id);
  shape_row(cohort::detail::tile_shape<512, 12>{}, order::by_group_id);
#endif
}

void partitioning(const cohort::device& device, const options& o, std::size_t n, const std::vector<std::int32_t>& host,
                  const device_array<std::int32_t>& in) {
  const keeps_percent pred{50};
  std::vector<std::int32_t> expected(host);
  std::stable_partition(expected.begin(), expected.end(), pred);
  const auto k = static_cast<std::size_t>(std::count_if(host.begin(), host.end(), pred));
  // CUB: the selected ones in order, then the rejected ones in reverse order.
  std::vector<std::int32_t> expected_cub(expected.begin(), expected.begin() + static_cast<std::ptrdiff_t>(k));
  expected_cub.insert(expected_cub.end(), expected.rbegin(), expected.rend() - static_cast<std::ptrdiff_t>(k));
  device_array<std::int32_t> out(n);
  device_array<std::size_t> count(1);
  auto prepare = [&] {
    out.poison();
    count.poison();
  };
  auto verify_against = [&](const std::vector<std::int32_t>& e) {
    return check_count("true count", to_host(count.get(), 1)[0], k) && check_equal("out", to_host(out.get(), n), e);
  };
  const double bytes = 8.0 * static_cast<double>(n);
  cub_and_cohort_rows(
      device, o, base_row("partition_50%", n, "cub::DevicePartition::If"), bytes, prepare,
      [&](void* p, std::size_t& b, cudaStream_t s) {
        return cub::DevicePartition::If(p, b, in.get(), out.get(), count.get(), static_cast<std::int64_t>(n), pred, s);
      },
      [&] { return verify_against(expected_cub); }, "cohort::partition",
      [&](cohort::queue& q, const cohort::event& start) {
        return cohort::partition(q, in.get(), in.get() + n, out.get(), count.get(), pred, {start});
      },
      [&] { return verify_against(expected_cub); });
  row stable = rows().back();
  stable.variant = "cohort::stable_partition";
  call_row(
      device, stable, o.repeats, bytes, prepare,
      [&](cohort::queue& q, const cohort::event& start) {
        return cohort::stable_partition(q, in.get(), in.get() + n, out.get(), count.get(), pred, {start});
      },
      [&] { return verify_against(expected); });
}

// ---- histogram_even -----------------------------------------------------------------------

void histogram(const cohort::device& device, const options& o, std::size_t n, std::size_t bins) {
  // Samples over [-2^20, 4 * 2^20), bins over [0, 3 * 2^20): a quarter fall outside.
  const std::int32_t lower = 0, upper = 3 << 20;
  std::vector<std::int32_t> host(n);
  for (std::size_t i = 0; i < n; ++i)
    host[i] = static_cast<std::int32_t>(static_cast<std::uint32_t>(kernels::random_int32(i)) % (5u << 20)) - (1 << 20);
  const std::vector<std::int32_t> expected = kernels::expected_histogram(host.data(), n, lower, upper, bins);
  device_array<std::int32_t> samples(n), h(bins);
  samples.upload(host);
  auto prepare = [&] { h.poison(); };
  auto verify = [&] { return check_equal("histogram", to_host(h.get(), bins), expected); };
  const double bytes = 4.0 * static_cast<double>(n);
  const int levels = static_cast<int>(bins + 1);
  cub_and_cohort_rows(
      device, o, base_row("histogram_even_" + std::to_string(bins), n, "cub::DeviceHistogram::HistogramEven"), bytes,
      prepare,
      [&](void* p, std::size_t& b, cudaStream_t s) {
        return cub::DeviceHistogram::HistogramEven(p, b, samples.get(), h.get(), levels, lower, upper,
                                                   static_cast<std::int64_t>(n), s);
      },
      verify, "cohort::histogram_even",
      [&](cohort::queue& q, const cohort::event& start) {
        return cohort::histogram_even(q, samples.get(), n, h.get(), bins, lower, upper, {start});
      },
      verify);
}

// ---- segmented_reduce ---------------------------------------------------------------------

void segmented(const cohort::device& device, const options& o, std::size_t n, std::size_t segments) {
  std::vector<std::int32_t> host(n);
  for (std::size_t i = 0; i < n; ++i) host[i] = kernels::segment_value(i);
  std::vector<int> offsets(segments + 1);
  for (std::size_t s = 0; s <= segments; ++s) offsets[s] = static_cast<int>(kernels::segment_begin(n, segments, s));
  const std::vector<std::int32_t> expected = kernels::expected_segment_sums(host.data(), offsets.data(), segments);
  device_array<std::int32_t> values(n), sums(segments);
  device_array<int> d_offsets(segments + 1);
  values.upload(host);
  d_offsets.upload(offsets);
  auto prepare = [&] { sums.poison(); };
  auto verify = [&] { return check_equal("sums", to_host(sums.get(), segments), expected); };
  const double bytes = 4.0 * static_cast<double>(n);
  const int count = static_cast<int>(segments);
  cub_and_cohort_rows(
      device, o, base_row("segmented_reduce_" + std::to_string(segments), n, "cub::DeviceSegmentedReduce::Sum"), bytes,
      prepare,
      [&](void* p, std::size_t& b, cudaStream_t s) {
        return cub::DeviceSegmentedReduce::Sum(p, b, values.get(), sums.get(), count, d_offsets.get(),
                                               d_offsets.get() + 1, s);
      },
      verify, "cohort::segmented_reduce",
      [&](cohort::queue& q, const cohort::event& start) {
        return cohort::segmented_reduce(q, values.get(), sums.get(), segments, d_offsets.get(), d_offsets.get() + 1,
                                        std::int32_t{0}, cohort::plus<std::int32_t>(), {start});
      },
      verify);
}

void run_algorithm_select(const cohort::device& device, const options& o) {
  std::printf("algorithm_select\n");
  const std::vector<std::size_t> select_sizes =
      o.pick_sizes({std::size_t{1} << 20, std::size_t{1} << 24, std::size_t{1} << 28},
                   {std::size_t{1} << 20, std::size_t{1} << 24}, {5000});
  for (std::size_t n : select_sizes) {
    std::vector<std::int32_t> host(n);
    for (std::size_t i = 0; i < n; ++i) host[i] = kernels::random_int32(i);
    device_array<std::int32_t> in(n);
    in.upload(host);
    selection(device, o, n, host, in, 50);
    selection(device, o, n, host, in, 10);
    partitioning(device, o, n, host, in);
  }
  const std::vector<std::size_t> histogram_sizes =
      o.pick_sizes({std::size_t{1} << 24, std::size_t{1} << 28}, {std::size_t{1} << 24}, {5000});
  for (std::size_t n : histogram_sizes)
    for (std::size_t bins : {std::size_t{256}, std::size_t{4096}}) histogram(device, o, n, bins);
  const std::size_t segmented_size = o.pick(std::size_t{1} << 28, std::size_t{1} << 24, std::size_t{5000});
  if (o.wants_size(segmented_size))
    segmented(device, o, segmented_size, o.pick(std::size_t{1} << 16, std::size_t{1} << 12, std::size_t{17}));
}

}  // namespace

static algorithm_registration reg{"algorithm_select", &run_algorithm_select};

}  // namespace cbench
