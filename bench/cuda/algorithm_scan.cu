// SPDX-License-Identifier: MIT
// Device-wide scans on the GPU: cohort::inclusive_scan and cohort::exclusive_scan (sums)
// against CUB's DeviceScan::InclusiveSum / ExclusiveSum with preallocated temporary storage,
// int32, fp32 and fp64, 2^10 to 2^28 elements. Both are timed on the device (CUDA events),
// cohort's with events on its queue's stream around the call (call_row, common.cuh); the
// output is poisoned before every run. Bytes: n
// read + n written.
//
// Inputs are (i % 7) - 3, whose every period sums to 0, so each prefix is one of seven small
// integers: exact in every type and in any order, checked for equality.
#include <cstdint>
#include <cstdio>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <cub/device/device_scan.cuh>

#include <cohort/algorithm/scan.hpp>

#include "common.cuh"

namespace cbench {
namespace {

/// The sum of (k % 7) - 3 over k = 0 .. i.
inline double inclusive_at(std::size_t i) {
  const double r = static_cast<double>(i % 7);
  return (r + 1) * (r - 6) / 2;
}

template <typename T, bool Inclusive, typename Tuning = cohort::detail::scan_tuning_gpu<T>>
using scan_kernel = cohort::detail::single_pass_scan_kernel<Inclusive, T, Tuning, const T*, T*, cohort::plus<>,
                                                            cohort::detail::scan_identity, !Inclusive>;

/// Registers, spills and occupancy of cohort's scan kernel (its local memory as the
/// kernel's accessors ask for it: tile, item prefixes, tile prefix, tile index).
template <typename T, bool Inclusive, typename Tuning = cohort::detail::scan_tuning_gpu<T>>
kernel_info scan_kernel_info() {
  using K = scan_kernel<T, Inclusive, Tuning>;
  constexpr std::size_t group = Tuning::group_size;
  const std::size_t shared = (K::local_tile_size + group + 1) * sizeof(T) + sizeof(std::uint32_t);
  return attributes_of(&cohort::backends::cuda::nd_range_kernel_fixed<1, K, Tuning::min_groups_per_unit, group>,
                       static_cast<int>(group),
                       static_cast<long long>(shared));
}

/// The scan with another tile shape or occupancy hint (the tuning study: what the GPU
/// strategy's scan_tuning_gpu should hold), as a row "cohort tile GxI".
template <typename T, bool Inclusive, std::size_t Group, std::size_t Items,
          unsigned PauseNs = cohort::detail::look_back_pause_ns, std::uint32_t MinGroups = 0, typename Prepare,
          typename Verify>
void tile_shape_row(const cohort::device& device, const options& o, const row& base, double bytes, const T* in, T* out,
                    std::size_t n, Prepare& prepare, Verify& verify) {
  using tuning = cohort::detail::scan_single_pass_tuning<Group, Items, 0, PauseNs, MinGroups>;
  row r = base;
  r.variant = "cohort tile " + std::to_string(Group) + "x" + std::to_string(Items);
  if (PauseNs != cohort::detail::look_back_pause_ns) r.variant += " pause " + std::to_string(PauseNs) + " ns";
  if (MinGroups != 0) r.variant += " min " + std::to_string(MinGroups) + " groups";
  r.kernel = scan_kernel_info<T, Inclusive, tuning>();
  call_row(
      device, r, o.repeats, bytes, prepare,
      [&](cohort::queue& q, const cohort::event& start) {
        if constexpr (Inclusive)
          return cohort::detail::single_pass_scan<tuning, true>(q, cohort::storage_of(q), in, n, out,
                                                                cohort::plus<>(), cohort::detail::scan_identity{},
                                                                cohort::detail::scan_init<T, false>{}, {start})
              .last;
        else
          return cohort::detail::single_pass_scan<tuning, false>(q, cohort::storage_of(q), in, n, out,
                                                                 cohort::plus<>(), cohort::detail::scan_identity{},
                                                                 cohort::detail::scan_init<T, true>{T{0}}, {start})
              .last;
      },
      verify);
}

/// The scan with the default tuning but its tiles drawn from a counter (the order any
/// device supports) instead of taken by group id: what tile_order::by_group_id saves.
template <typename T, bool Inclusive, typename Prepare, typename Verify>
void drawn_tiles_row(const cohort::device& device, const options& o, const row& base, double bytes, const T* in,
                     T* out, std::size_t n, Prepare& prepare, Verify& verify) {
  using tuning = cohort::detail::scan_tuning_gpu<T>;
  row r = base;
  r.variant = "cohort drawn tiles";
  call_row(
      device, r, o.repeats, bytes, prepare,
      [&](cohort::queue& q, const cohort::event& start) {
        constexpr auto drawn = cohort::detail::tile_order::drawn;
        if constexpr (Inclusive)
          return cohort::detail::single_pass_scan<tuning, true>(q, cohort::storage_of(q), in, n, out,
                                                                cohort::plus<>(), cohort::detail::scan_identity{},
                                                                cohort::detail::scan_init<T, false>{}, {start}, drawn)
              .last;
        else
          return cohort::detail::single_pass_scan<tuning, false>(q, cohort::storage_of(q), in, n, out,
                                                                 cohort::plus<>(), cohort::detail::scan_identity{},
                                                                 cohort::detail::scan_init<T, true>{T{0}}, {start},
                                                                 drawn)
              .last;
      },
      verify);
}

template <typename T, bool Inclusive>
void run_case(const cohort::device& device, const options& o, std::size_t n, const device_array<T>& in) {
  device_array<T> out(n);
  auto prepare = [&] { out.poison(); };
  auto verify = [&] {
    return check_array(Inclusive ? "inclusive" : "exclusive", to_host(out.get(), n),
                       [](std::size_t i) { return Inclusive ? inclusive_at(i) : (i == 0 ? 0.0 : inclusive_at(i - 1)); },
                       0.0);
  };
  const double bytes = 2.0 * static_cast<double>(n) * sizeof(T);
  const char* cub_name = Inclusive ? "cub::DeviceScan::InclusiveSum" : "cub::DeviceScan::ExclusiveSum";
  auto cub_scan = [&](void* temp, std::size_t& temp_bytes, cudaStream_t s) {
    if constexpr (Inclusive)
      return cub::DeviceScan::InclusiveSum(temp, temp_bytes, in.get(), out.get(), static_cast<std::int64_t>(n), s);
    else
      return cub::DeviceScan::ExclusiveSum(temp, temp_bytes, in.get(), out.get(), static_cast<std::int64_t>(n), s);
  };
  std::size_t temp_bytes = 0;
  check(cub_scan(nullptr, temp_bytes, nullptr), "cub::DeviceScan (size)");
  device_array<unsigned char> temp(temp_bytes == 0 ? 1 : temp_bytes);
  const double t_cub =
      time_cuda(prepare, [&](cudaStream_t s) { check(cub_scan(temp.get(), temp_bytes, s), cub_name); }, o.repeats);
  const bool cub_ok = verify();

  row base{Inclusive ? "scan/inclusive_sum" : "scan/exclusive_sum", "", type_name<T>(),
           cohort::detail::scan_tuning_gpu<T>::group_size, 0, t_cub, 0, false, "B/s", n, cub_name};
  base.family = "algorithm_scan";
  reference_row(base, cub_name, t_cub, cub_ok, bytes);

  row r = base;
  r.variant = Inclusive ? "cohort::inclusive_scan" : "cohort::exclusive_scan";
  r.kernel = scan_kernel_info<T, Inclusive>();
  call_row(
      device, r, o.repeats, bytes, prepare,
      [&](cohort::queue& q, const cohort::event& start) {
        if constexpr (Inclusive)
          return cohort::inclusive_scan(q, in.get(), in.get() + n, out.get(), {start});
        else
          return cohort::exclusive_scan(q, in.get(), in.get() + n, out.get(), T{0}, {start});
      },
      verify);
#if COHORT_BENCH_TILE_STUDIES
  if constexpr (!std::is_same_v<T, float>) {
    if (n >= (std::size_t{1} << 20) && !o.quick && !o.tiny) {
      drawn_tiles_row<T, Inclusive>(device, o, base, bytes, in.get(), out.get(), n, prepare, verify);
      auto shape = [&]<std::size_t Group, std::size_t Items, unsigned PauseNs = cohort::detail::look_back_pause_ns,
                       std::uint32_t MinGroups = 0>() {
        tile_shape_row<T, Inclusive, Group, Items, PauseNs, MinGroups>(device, o, base, bytes, in.get(), out.get(), n,
                                                                        prepare, verify);
      };
      constexpr unsigned pause = cohort::detail::look_back_pause_ns;
      if constexpr (sizeof(T) == 4) {
        shape.template operator()<128, 24, pause, 10>();
        shape.template operator()<128, 24, pause, 14>();
        shape.template operator()<128, 24, pause, 16>();
        shape.template operator()<256, 16, pause, 6>();
        shape.template operator()<256, 16, pause, 8>();
        // Larger tiles: fewer look-backs per byte.
        shape.template operator()<128, 32, pause, 12>();
        shape.template operator()<128, 24, pause, 12>();  // the tuning before 128 x 32 at 10
        shape.template operator()<192, 24, pause, 8>();
        shape.template operator()<256, 24, pause, 6>();
      } else {
        shape.template operator()<224, 24, pause, 5>();
        shape.template operator()<128, 24, pause, 8>();
        shape.template operator()<256, 16, pause, 5>();
        shape.template operator()<224, 16, pause, 6>();
      }
    }
  }
#endif
}

template <typename T>
void run_type(const cohort::device& device, const options& o) {
  const std::vector<std::size_t> sizes =
      o.pick_sizes({1u << 10, 1u << 16, 1u << 20, 1u << 24, 1u << 28}, {1u << 10, 1u << 16, 1u << 20, 1u << 24},
                   {1000, 50'001});
  for (std::size_t n : sizes) {
    device_array<T> in(n);
    {
      std::vector<T> h(n);
      for (std::size_t i = 0; i < n; ++i) h[i] = static_cast<T>(static_cast<int>(i % 7) - 3);
      in.upload(h);
    }
    run_case<T, true>(device, o, n, in);
    run_case<T, false>(device, o, n, in);
  }
}

void algorithm_scan(const cohort::device& device, const options& o) {
  std::printf("algorithm_scan\n");
  run_type<int>(device, o);
  run_type<float>(device, o);
  run_type<double>(device, o);
}

static algorithm_registration reg{"algorithm_scan", &algorithm_scan};

}  // namespace
}  // namespace cbench
