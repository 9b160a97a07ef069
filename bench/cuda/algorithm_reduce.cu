// SPDX-License-Identifier: MIT
// Device-wide reductions on the GPU: cohort::reduce (int32, fp32 and fp64 sums) and
// cohort::min_element at 2^10, 2^16, 2^20, 2^24 and 2^28 elements, against CUB in the same
// run (the reference of every ratio): cub::DeviceReduce::Sum and cub::DeviceReduce::ArgMin
// with preallocated temporary storage, timed with CUDA events on the references' stream.
// Also thrust::reduce (it allocates its temporary storage, waits, and copies the sum to the
// host on every call, all in its time) and the SYCL reduction interface
// (`parallel_for(range, reduction)`) on a cohort queue.
//
// cohort's calls are timed as CUB's: CUDA events on the queue's stream around the call
// (call_row, common.cuh), so both include the gaps in which the host launches kernels.
//
// Sum inputs are `i % m` (m = 8 for integers and double, so int32 sums fit; m = 2 for
// float). int32 and double sums are exact in any order and checked for equality; float's
// partial sums are integers, exact below 2^24, and a sum of at most about log2(n) rounded
// additions stays within 1e-5 relative. ArgMin inputs are 1 .. 1000 scrambled, with the
// minimum 0 three times from the middle on: the first index must come back.
#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include <cub/device/device_reduce.cuh>
#include <thrust/execution_policy.h>
#include <thrust/reduce.h>

#include <cohort/algorithm/min_max_element.hpp>
#include <cohort/algorithm/reduce.hpp>

#include "common.cuh"
#include "kernels/algorithm_inputs.hpp"
#include "kernels/reduction_interface.hpp"

namespace cbench {

namespace {

inline std::int64_t exact_sum_of_residues(std::size_t n, std::size_t m) {
  const auto full = static_cast<std::int64_t>(n / m), rest = static_cast<std::int64_t>(n % m);
  const auto mm = static_cast<std::int64_t>(m);
  return full * (mm * (mm - 1) / 2) + rest * (rest - 1) / 2;
}

template <typename T>
void sum_rows(const cohort::device& device, const options& o, std::size_t n) {
  const std::size_t m = std::is_same_v<T, float> ? 2 : 8;
  const double expected = static_cast<double>(exact_sum_of_residues(n, m));
  const double tolerance = std::is_same_v<T, float> ? 1e-5 : 0.0;
  device_array<T> in(n), sum(1);
  {
    std::vector<T> h(n);
    for (std::size_t i = 0; i < n; ++i) h[i] = static_cast<T>(i % m);
    in.upload(h);
  }
  auto prepare = [&] { sum.poison(); };
  auto verify = [&] { return check_array("sum", to_host(sum.get(), 1), [&](std::size_t) { return expected; }, tolerance); };
  const double bytes = static_cast<double>(n) * sizeof(T);
  row base{"algorithm_reduce/sum", "", type_name<T>(), 256, 0, 0, 0, false, "B/s", n, "cub::DeviceReduce::Sum",
           "cub::DeviceReduce::Sum"};

  std::size_t temp_bytes = 0;
  check(cub::DeviceReduce::Sum(nullptr, temp_bytes, in.get(), sum.get(), n), "cub::DeviceReduce::Sum (size)");
  device_array<unsigned char> temp(temp_bytes);
  const double t_cub = time_cuda(
      prepare,
      [&](cudaStream_t s) { check(cub::DeviceReduce::Sum(temp.get(), temp_bytes, in.get(), sum.get(), n, s), "cub"); },
      o.repeats);
  const bool cub_ok = verify();
  T thrust_sum{};
  const double t_thrust = time_cuda(
      prepare, [&](cudaStream_t s) { thrust_sum = thrust::reduce(thrust::cuda::par.on(s), in.get(), in.get() + n, T(0)); },
      o.repeats);
  const bool thrust_ok = check_array("thrust sum", std::vector<T>{thrust_sum}, [&](std::size_t) { return expected; },
                                     tolerance);
  base.reference_seconds = base.ceiling_seconds = t_cub;
  reference_row(base, "cub::DeviceReduce::Sum", t_cub, cub_ok, bytes);
  reference_row(base, "thrust::reduce", t_thrust, thrust_ok, bytes);

  row r = base;
  r.variant = "cohort::reduce";
  call_row(
      device, r, o.repeats, bytes, prepare,
      [&](cohort::queue& q, const cohort::event& start) {
        return cohort::reduce(q, in.get(), in.get() + n, sum.get(), T(0), cohort::plus<>(), {start});
      },
      verify);
  r.variant = "range_reduction";
  call_row(
      device, r, o.repeats, bytes, prepare,
      [&](cohort::queue& q, const cohort::event& start) {
        const cohort::property_list init{cohort::property::reduction::initialize_to_identity{}};
        return q.parallel_for(cohort::range<1>(n), start, cohort::reduction(sum.get(), cohort::plus<T>(), init),
                              kernels::sum_range_kernel<T>{in.get()});
      },
      verify);
}

template <typename T>
void argmin_rows(const cohort::device& device, const options& o, std::size_t n) {
  device_array<T> in(n), minimum(1);
  device_array<std::int64_t> cub_index(1);
  device_array<std::size_t> index(1);
  const std::size_t expected = n >= 4 ? n / 2 : 0;
  {
    std::vector<T> h(n);
    for (std::size_t i = 0; i < n; ++i)
      h[i] = kernels::holds_minimum(i, n) ? T(0) : static_cast<T>(kernels::scrambled_1_to_1000(i));
    if (n < 4) h[0] = T(0);
    in.upload(h);
  }
  const double bytes = static_cast<double>(n) * sizeof(T);
  row base{"algorithm_reduce/argmin", "", type_name<T>(), 256, 0, 0, 0, false, "B/s", n, "cub::DeviceReduce::ArgMin",
           "cub::DeviceReduce::ArgMin"};

  std::size_t temp_bytes = 0;
  check(cub::DeviceReduce::ArgMin(nullptr, temp_bytes, in.get(), minimum.get(), cub_index.get(),
                                  static_cast<std::int64_t>(n)),
        "cub::DeviceReduce::ArgMin (size)");
  device_array<unsigned char> temp(temp_bytes);
  const double t_cub = time_cuda(
      [&] { cub_index.poison(); },
      [&](cudaStream_t s) {
        check(cub::DeviceReduce::ArgMin(temp.get(), temp_bytes, in.get(), minimum.get(), cub_index.get(),
                                        static_cast<std::int64_t>(n), s),
              "cub ArgMin");
      },
      o.repeats);
  const bool cub_ok = check_array("cub argmin", to_host(cub_index.get(), 1),
                                  [&](std::size_t) { return static_cast<double>(expected); }, 0.0);
  base.reference_seconds = base.ceiling_seconds = t_cub;
  reference_row(base, "cub::DeviceReduce::ArgMin", t_cub, cub_ok, bytes);

  row r = base;
  r.variant = "cohort::min_element";
  call_row(
      device, r, o.repeats, bytes, [&] { index.poison(); },
      [&](cohort::queue& q, const cohort::event& start) {
        return cohort::min_element(q, in.get(), in.get() + n, index.get(), std::less<>(), {start});
      },
      [&] {
        return check_array("argmin", to_host(index.get(), 1), [&](std::size_t) { return static_cast<double>(expected); },
                           0.0);
      });
}

void run_algorithm_reduce(const cohort::device& device, const options& o) {
  std::printf("algorithm_reduce\n");
  const std::vector<std::size_t> sizes = o.pick_sizes(
      {std::size_t{1} << 10, std::size_t{1} << 16, std::size_t{1} << 20, std::size_t{1} << 24, std::size_t{1} << 28},
      {std::size_t{1} << 10, std::size_t{1} << 16, std::size_t{1} << 20, std::size_t{1} << 24},
      {std::size_t{1} << 10, 5000, 70'001});
  for (std::size_t n : sizes) {
    sum_rows<int>(device, o, n);
    sum_rows<float>(device, o, n);
    sum_rows<double>(device, o, n);
  }
  for (std::size_t n : sizes) {
    argmin_rows<int>(device, o, n);
    argmin_rows<float>(device, o, n);
    argmin_rows<double>(device, o, n);
  }
}

}  // namespace

static algorithm_registration reg{"algorithm_reduce", &run_algorithm_reduce};

}  // namespace cbench
