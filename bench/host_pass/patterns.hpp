// SPDX-License-Identifier: MIT
#pragma once
// The shared kernels of bench/kernels/ in each of their three models: the multi-pass
// reduction and the segmented reduction on int32 (inputs i % 16, exact sums) and one
// n-body step on float, with cohort-bench's group size of 256.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <cohort/cohort.hpp>

#include "kernels/nbody.hpp"
#include "kernels/reduction.hpp"
#include "kernels/segmented_reduction.hpp"
#include "stream_and_collectives.hpp"
#include "timed_case.hpp"

namespace host_pass {
namespace {  // one translation unit: main.cpp

constexpr std::size_t pattern_local = 256;

inline std::int32_t pattern_input(std::size_t i) { return static_cast<std::int32_t>(i % 16); }

// ---- reduction: passes until one value is left ------------------------------------------

enum class model { nd_range, hierarchical, scoped };

inline const char* model_name(model m) {
  return m == model::nd_range ? "nd_range" : m == model::hierarchical ? "hierarchical" : "scoped";
}

template <model M>
std::int32_t reduce_passes(cohort::queue& q, const std::int32_t* in, std::int32_t* out, std::int32_t* other,
                           std::size_t n) {
  cohort::event e;
  do {
    if constexpr (M == model::nd_range) e = kernels::pass_nd_range<std::int32_t>(q, e, in, out, n, pattern_local);
    else if constexpr (M == model::hierarchical)
      e = kernels::pass_hierarchical<std::int32_t>(q, e, in, out, n, pattern_local);
    else e = kernels::pass_scoped<std::int32_t>(q, e, in, out, n, pattern_local);
    n = (n + pattern_local - 1) / pattern_local;
    in = out;
    std::swap(out, other);
  } while (n > 1);
  e.wait_and_throw();
  return in[0];
}

template <model M>
timed_case reduction_case(cohort::queue& q, std::size_t n) {
  struct data {
    cohort::usm_unique_ptr<std::int32_t, cohort::usm::alloc::shared> in, ping, pong;
    std::int32_t result = 0;
  };
  auto d = std::make_shared<data>();
  const std::size_t partials = (n + pattern_local - 1) / pattern_local;
  return {std::string("reduction_") + model_name(M),
          [d, &q, n, partials] {
            d->in = cohort::make_shared_unique<std::int32_t>(n, q);
            d->ping = cohort::make_shared_unique<std::int32_t>(partials, q);
            d->pong = cohort::make_shared_unique<std::int32_t>(partials, q);
            parallel_fill(d->in.get(), n, [](std::size_t i) { return pattern_input(i); });
          },
          [d, partials] {
            parallel_fill(d->ping.get(), partials, [](std::size_t) { return std::int32_t{-1}; });
            parallel_fill(d->pong.get(), partials, [](std::size_t) { return std::int32_t{-1}; });
            d->result = -1;
          },
          [d, &q, n] { d->result = reduce_passes<M>(q, d->in.get(), d->ping.get(), d->pong.get(), n); },
          [d, n] {
            const auto want = static_cast<std::int64_t>(n / 16) * 120 + static_cast<std::int64_t>((n % 16) * (n % 16 - 1) / 2);
            return mismatch("sum", 0, static_cast<std::int64_t>(d->result), want);
          },
          [d] { *d = {}; }};
}

// ---- segmented reduction: each group's segment summed into its first element ------------

template <model M>
timed_case segments_case(cohort::queue& q, std::size_t n) {
  struct data {
    cohort::usm_unique_ptr<std::int32_t, cohort::usm::alloc::shared> v;
  };
  auto d = std::make_shared<data>();
  return {std::string("segmented_reduction_") + model_name(M),
          [d, &q, n] { d->v = cohort::make_shared_unique<std::int32_t>(n, q); },
          [d, n] { parallel_fill(d->v.get(), n, [](std::size_t i) { return pattern_input(i); }); },  // in place: also the poison
          [d, &q, n] {
            if constexpr (M == model::nd_range) kernels::segments_nd_range<std::int32_t>(q, d->v.get(), n, pattern_local).wait_and_throw();
            else if constexpr (M == model::hierarchical)
              kernels::segments_hierarchical<std::int32_t>(q, d->v.get(), n, pattern_local).wait_and_throw();
            else kernels::segments_scoped<std::int32_t>(q, d->v.get(), n, pattern_local).wait_and_throw();
          },
          [d, n] {
            const std::int32_t segment_sum = static_cast<std::int32_t>(pattern_local / 16 * 120);
            for (std::size_t i = 0; i < n; ++i) {
              const std::int32_t want = i % pattern_local == 0 ? segment_sum : pattern_input(i);
              if (d->v[i] != want) return mismatch("v", i, d->v[i], want);
            }
            return std::string();
          },
          [d] { *d = {}; }};
}

// ---- n-body: one step, checked against a double reference within float's error bound ----

using particle = kernels::particle<float>;
using vec3 = kernels::vec3<float>;

struct nbody_data {
  cohort::usm_unique_ptr<particle, cohort::usm::alloc::shared> p, p_out;
  cohort::usm_unique_ptr<vec3, cohort::usm::alloc::shared> v, v_out;
  std::vector<double> ref_v, bound_v;  // velocities (3 per particle) and the float error bound
};

/// SYCL-Bench's spiral, at rest, mass 1.
inline void nbody_inputs(nbody_data& d, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) {
    const double r = static_cast<double>(i) / static_cast<double>(n), angle = 3000.0 * 2.0 * 3.14159265358979323846 * r;
    d.p[i] = {static_cast<float>(r * std::cos(angle)), static_cast<float>(r * std::sin(angle)), static_cast<float>(r), 1.0f};
    d.v[i] = {0, 0, 0};
  }
}

/// The new velocities in double, and what a float sum in any order may be off by
/// (bench/nbody.cpp derives it): dt (n + 10) u |sum_j |term_j|| plus the update's roundings.
inline void nbody_reference(nbody_data& d, std::size_t n) {
  d.ref_v.assign(3 * n, 0);
  d.bound_v.assign(n, 0);
  const double u = std::ldexp(1.0, -24), dt = kernels::dt<float>, eps = kernels::softening<float>;
  const particle* p = d.p.get();
#pragma omp parallel for schedule(static)
  for (std::size_t i = 0; i < n; ++i) {
    double a[3] = {0, 0, 0}, s[3] = {0, 0, 0};
    for (std::size_t j = 0; j < n; ++j) {
      const double r[3] = {double(p[j].x) - p[i].x, double(p[j].y) - p[i].y, double(p[j].z) - p[i].z};
      const double inv = 1.0 / std::sqrt(r[0] * r[0] + r[1] * r[1] + r[2] * r[2] + eps);
      const double w = double(p[j].m) * inv * inv * inv;
      for (int k = 0; k < 3; ++k) {
        a[k] += r[k] * w;
        s[k] += std::fabs(r[k] * w);
      }
    }
    double vnorm = 0, snorm = 0;
    for (int k = 0; k < 3; ++k) {
      d.ref_v[3 * i + k] = a[k] * dt;
      vnorm += d.ref_v[3 * i + k] * d.ref_v[3 * i + k];
      snorm += s[k] * s[k];
    }
    d.bound_v[i] = dt * (static_cast<double>(n) + 10) * u * std::sqrt(snorm) + 4 * u * std::sqrt(vnorm);
  }
}

inline std::string nbody_check(const nbody_data& d, std::size_t n) {
  const double u = std::ldexp(1.0, -24), dt = kernels::dt<float>;
  for (std::size_t i = 0; i < n; ++i) {
    const vec3 v = d.v_out[i];
    const particle p = d.p[i], got = d.p_out[i];
    const double e[3] = {v.x - d.ref_v[3 * i], v.y - d.ref_v[3 * i + 1], v.z - d.ref_v[3 * i + 2]};
    const double err = std::sqrt(e[0] * e[0] + e[1] * e[1] + e[2] * e[2]);
    if (!(err <= d.bound_v[i]))
      return "velocity of particle " + std::to_string(i) + ": error " + std::to_string(err) + " exceeds " +
             std::to_string(d.bound_v[i]);
    // The position from the kernel's own velocity: p + v' dt, rounded twice at most.
    const double pos[3][2] = {{got.x, p.x + v.x * dt}, {got.y, p.y + v.y * dt}, {got.z, p.z + v.z * dt}};
    for (const auto& c : pos)
      if (!(std::fabs(c[0] - c[1]) <= 4 * u * std::fabs(c[1]) + 1e-30) || got.m != p.m)
        return "position of particle " + std::to_string(i) + ": got " + std::to_string(c[0]) + ", want " +
               std::to_string(c[1]);
  }
  return {};
}

template <model M>
timed_case nbody_case(cohort::queue& q, std::size_t n) {
  auto d = std::make_shared<nbody_data>();
  return {std::string("nbody_") + model_name(M),
          [d, &q, n] {
            d->p = cohort::make_shared_unique<particle>(n, q);
            d->p_out = cohort::make_shared_unique<particle>(n, q);
            d->v = cohort::make_shared_unique<vec3>(n, q);
            d->v_out = cohort::make_shared_unique<vec3>(n, q);
            nbody_inputs(*d, n);
            nbody_reference(*d, n);
          },
          [d, n] {
            const float nan = std::numeric_limits<float>::quiet_NaN();
            parallel_fill(d->p_out.get(), n, [nan](std::size_t) { return particle{nan, nan, nan, nan}; });
            parallel_fill(d->v_out.get(), n, [nan](std::size_t) { return vec3{nan, nan, nan}; });
          },
          [d, &q, n] {
            const std::size_t local = pattern_local;
            if constexpr (M == model::nd_range)
              kernels::nbody_nd_range(q, d->p.get(), d->v.get(), d->p_out.get(), d->v_out.get(), n, local).wait_and_throw();
            else if constexpr (M == model::hierarchical)
              kernels::nbody_hierarchical(q, d->p.get(), d->v.get(), d->p_out.get(), d->v_out.get(), n, local)
                  .wait_and_throw();
            else
              kernels::nbody_scoped(q, d->p.get(), d->v.get(), d->p_out.get(), d->v_out.get(), n, local).wait_and_throw();
          },
          [d, n] { return nbody_check(*d, n); },
          [d] { *d = {}; }};
}

}  // namespace
}  // namespace host_pass
