// SPDX-License-Identifier: MIT
// cohort::radix_sort on the GPU against CUB's DeviceRadixSort::SortKeys / SortPairs (temp
// storage allocated once, outside the timing): uint32 keys, uint32/uint32 pairs, uint64
// keys and float keys, random, at 2^16, 2^20, 2^24 and 2^28 (--quick: 2^16, 2^20; --tiny:
// 5000 and 70001). cohort sorts in place, so each run first restores its input (untimed);
// CUB reads one array and writes another. cohort's sort is timed with CUDA events on the
// queue's stream around the call (call_row), as CUB's.
//
// Verification: CUB's keys must be in non-decreasing order of the radix order (checked on
// the host), and cohort's keys, and values, must equal CUB's bit for bit (both sorts are
// stable, the values are the input indices).
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include <cub/device/device_radix_sort.cuh>

#include <cohort/algorithm/radix_sort.hpp>

#include "common.cuh"
#include "kernels/algorithm_inputs.hpp"

namespace cbench {

namespace {

template <typename Key>
const char* key_name() {
  return std::is_same_v<Key, std::uint32_t> ? "uint32" : std::is_same_v<Key, std::uint64_t> ? "uint64" : "fp32";
}

/// Where the first difference between two host arrays is (n: none), bitwise.
template <typename T>
std::size_t first_difference(const std::vector<T>& a, const std::vector<T>& b) {
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::memcmp(&a[i], &b[i], sizeof(T)) != 0) return i;
  return a.size();
}

template <typename Key, bool Pairs>
void run_case(const cohort::device& device, const options& o, std::size_t n) {
  using Value = std::uint32_t;
  std::vector<Key> host_keys(n);
  for (std::size_t i = 0; i < n; ++i) host_keys[i] = kernels::random_key<Key>(i);
  std::vector<Value> host_values(n);
  for (std::size_t i = 0; i < n; ++i) host_values[i] = static_cast<Value>(i);
  device_array<Key> in_keys(n), cub_keys(n), keys(n);
  device_array<Value> in_values(Pairs ? n : 1), cub_values(Pairs ? n : 1), values(Pairs ? n : 1);
  in_keys.upload(host_keys);
  if (Pairs) in_values.upload(host_values);

  std::size_t temp_bytes = 0;
  if constexpr (Pairs)
    check(cub::DeviceRadixSort::SortPairs(nullptr, temp_bytes, in_keys.get(), cub_keys.get(), in_values.get(),
                                          cub_values.get(), n),
          "cub::DeviceRadixSort::SortPairs (size)");
  else
    check(cub::DeviceRadixSort::SortKeys(nullptr, temp_bytes, in_keys.get(), cub_keys.get(), n),
          "cub::DeviceRadixSort::SortKeys (size)");
  device_array<unsigned char> temp(temp_bytes > 0 ? temp_bytes : 1);

  const char* cub_name = Pairs ? "cub::DeviceRadixSort::SortPairs" : "cub::DeviceRadixSort::SortKeys";
  const double t_cub = time_cuda(
      [&] {
        cub_keys.poison();
        if (Pairs) cub_values.poison();
      },
      [&](cudaStream_t s) {
        if constexpr (Pairs)
          check(cub::DeviceRadixSort::SortPairs(temp.get(), temp_bytes, in_keys.get(), cub_keys.get(), in_values.get(),
                                                cub_values.get(), n, 0, static_cast<int>(sizeof(Key) * 8), s),
                "cub SortPairs");
        else
          check(cub::DeviceRadixSort::SortKeys(temp.get(), temp_bytes, in_keys.get(), cub_keys.get(), n, 0,
                                               static_cast<int>(sizeof(Key) * 8), s),
                "cub SortKeys");
      },
      o.repeats);
  const std::vector<Key> expected_keys = to_host(cub_keys.get(), n);
  const std::vector<Value> expected_values = Pairs ? to_host(cub_values.get(), n) : std::vector<Value>{};
  bool cub_ok = true;
  for (std::size_t i = 1; i < n && cub_ok; ++i)
    if (cohort::detail::radix_key<Key>::ordered(expected_keys[i]) < cohort::detail::radix_key<Key>::ordered(expected_keys[i - 1])) {
      std::fprintf(stderr, "    CUB's keys out of order at %zu\n", i);
      cub_ok = false;
    }

  const std::string type = std::string(key_name<Key>()) + (Pairs ? "_pairs" : "");
  using default_shape = cohort::detail::radix_sort_tuning_gpu::shape<Key, std::conditional_t<Pairs, Value, void>>;
  row base{"algorithm_sort", "", type, default_shape::group, 0, t_cub, 0, false, "keys/s", n, cub_name};
  base.family = "algorithm_sort";
  reference_row(base, cub_name, t_cub, cub_ok, static_cast<double>(n));

  auto verify = [&] {
    const std::vector<Key> got = to_host(keys.get(), n);
    const std::size_t bad = first_difference(got, expected_keys);
    if (bad != n) {
      std::fprintf(stderr, "    %s n=%zu: key %zu differs from CUB's (%.17g, CUB %.17g)\n", type.c_str(), n, bad,
                   static_cast<double>(got[bad]), static_cast<double>(expected_keys[bad]));
      return false;
    }
    if (Pairs) {
      const std::vector<Value> got_values = to_host(values.get(), n);
      const std::size_t bad_value = first_difference(got_values, expected_values);
      if (bad_value != n) {
        std::fprintf(stderr, "    %s n=%zu: value %zu = %u, CUB's %u\n", type.c_str(), n, bad_value,
                     got_values[bad_value], expected_values[bad_value]);
        return false;
      }
    }
    return true;
  };
  auto restore = [&] {
    check(cudaMemcpy(keys.get(), in_keys.get(), n * sizeof(Key), cudaMemcpyDeviceToDevice), "restoring the keys");
    if (Pairs)
      check(cudaMemcpy(values.get(), in_values.get(), n * sizeof(Value), cudaMemcpyDeviceToDevice),
            "restoring the values");
  };
  auto print_last = [&] {
    const row& last = rows().back();
    std::printf("    %-14s n=%-10zu %-22s CUB %9.1f us  cohort %9.1f us  ratio %.2f %s\n", type.c_str(), n,
                last.variant.c_str(), t_cub * 1e6, last.seconds * 1e6, last.seconds > 0 ? t_cub / last.seconds : 0.0,
                last.verified ? "" : "(NOT VERIFIED)");
  };
  row r = base;
  r.variant = "cohort::radix_sort";
  call_row(
      device, r, o.repeats, static_cast<double>(n), restore,
      [&](cohort::queue& q, const cohort::event& start) {
        return Pairs ? cohort::radix_sort(q, keys.get(), values.get(), n, {start})
                     : cohort::radix_sort(q, keys.get(), n, {start});
      },
      verify);
  print_last();
#if COHORT_BENCH_TILE_STUDIES
  // The tuning study: other tile shapes of the pass kernel, for 32- and 64-bit integer keys,
  // and the default shape with its tiles drawn from a counter (what tile_order::by_group_id
  // saves).
  if constexpr (!std::is_floating_point_v<Key>) {
    if (n < (std::size_t{1} << 20) || o.quick || o.tiny) return;
    using order = cohort::detail::tile_order;
    auto shape_row = [&](auto shape, order tiles = order::by_group_id) {
      using Shape = decltype(shape);
      row v = base;
      v.variant = "cohort tile " + std::to_string(Shape::group) + "x" + std::to_string(Shape::items);
      if (Shape::min_groups_per_unit != 0) v.variant += " min " + std::to_string(Shape::min_groups_per_unit) + " groups";
      if (tiles == order::drawn) v.variant += " drawn tiles";
      v.group = Shape::group;
      const cohort::detail::radix_digits<Key> digits{0, 0, static_cast<int>(sizeof(Key) * 8),
                                                     cohort::detail::radix_sort_tuning_gpu::digit_bits};
      call_row(
          device, v, o.repeats, static_cast<double>(n), restore,
          [&](cohort::queue& q, const cohort::event& start) {
            if constexpr (Pairs)
              return cohort::detail::radix_sort_gpu<Shape>(q, cohort::storage_of(q), keys.get(), values.get(), n,
                                                           digits, {start}, tiles);
            else
              return cohort::detail::radix_sort_gpu<Shape>(q, cohort::storage_of(q), keys.get(),
                                                           static_cast<void*>(nullptr), n, digits, {start}, tiles);
          },
          verify);
      print_last();
    };
    shape_row(cohort::detail::radix_sort_tuning_gpu::shape<Key, std::conditional_t<Pairs, Value, void>>{}, order::drawn);
    if constexpr (sizeof(Key) == 4) {
      shape_row(cohort::detail::tile_shape<256, 20, 3>{});
      shape_row(cohort::detail::tile_shape<256, 28, 2>{});
      shape_row(cohort::detail::tile_shape<384, 16, 2>{});
      shape_row(cohort::detail::tile_shape<384, 20, 2>{});
    } else if constexpr (!Pairs) {
      shape_row(cohort::detail::tile_shape<256, 12, 3>{});
      shape_row(cohort::detail::tile_shape<256, 20, 2>{});
    }
  }
#endif
}

void algorithm_sort(const cohort::device& device, const options& o) {
  std::printf("algorithm_sort\n");
  const std::vector<std::size_t> sizes =
      o.pick_sizes({1 << 16, 1 << 20, 1 << 24, 1 << 28}, {1 << 16, 1 << 20}, {5000, 70001});
  for (std::size_t n : sizes) {
    run_case<std::uint32_t, false>(device, o, n);
    run_case<std::uint32_t, true>(device, o, n);
    run_case<std::uint64_t, false>(device, o, n);
    run_case<float, false>(device, o, n);
  }
}

}  // namespace

static algorithm_registration reg{"algorithm_sort", &algorithm_sort};

}  // namespace cbench
