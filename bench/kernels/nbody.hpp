// SPDX-License-Identifier: MIT
#pragma once
// SYCL-Bench's NBody in cohort's kernel models, shared by cohort-bench (bench/nbody.cpp, in
// float) and cohort-bench-cuda (bench/cuda/nbody.cu, in float and double): one
// explicit-Euler step of all-pairs gravity,
//   a_i = sum_j m_j R_ij / (|R_ij|^2 + eps)^(3/2),  R_ij = p_j - p_i,  eps = 1e-5
//   v_i' = v_i + a_i dt,  p_i' = p_i + v_i' dt,  dt = 1e-2,
// groups of `local` particles walking over the particles tile by tile, a tile of `local`
// particles at a time copied into local memory, accumulating in the same order (tiles
// ascending, j ascending in a tile). The j = i term is R = 0 and adds exactly zero, so no
// branch is needed. local divides n.
#include <cmath>
#include <cstddef>

#include <cohort/cohort.hpp>
#include <cohort/detail/macros.hpp>
#include <cohort/scoped.hpp>

#include "probe.hpp"

namespace kernels {
// Internal linkage, as when these kernels stood in cohort-bench's .cpp files: g++ inlines
// and clones such functions more freely, and the CPU suite's code must stay what it was.
namespace {

/// Position and mass. cohort-bench-cuda aligns particles to 16 bytes (Align), so that each
/// one loads as vector loads; cohort-bench keeps the natural alignment its CPU code was
/// tuned with.
template <typename T, std::size_t Align = alignof(T)>
struct alignas(Align) particle {
  T x, y, z, m;
};
template <typename T>
struct vec3 {
  T x, y, z;
};

template <typename T>
inline constexpr T softening = T(1e-5);
template <typename T>
inline constexpr T dt = T(1e-2);

/// Particles a tile may hold (local <= this): 16 KiB, what the CUDA backend gives
/// hierarchical local_memory and what the CPU backend keeps in the group's frame (1024
/// particles of floats).
template <typename Particle>
inline constexpr std::size_t tile_capacity = 16 * 1024 / sizeof(Particle);

/// acc += m_j R / (|R|^2 + eps)^(3/2), as SYCL-Bench (rsqrt written as 1 / sqrt).
template <typename T, std::size_t A>
COHORT_INLINE void interact(const particle<T, A>& pi, const particle<T, A>& pj, vec3<T>& acc) {
  const T rx = pj.x - pi.x, ry = pj.y - pi.y, rz = pj.z - pi.z;
  const T r2 = rx * rx + ry * ry + rz * rz + softening<T>;
  const T inv = T(1) / std::sqrt(r2);
  const T s = pj.m * inv * inv * inv;
  acc.x += rx * s;
  acc.y += ry * s;
  acc.z += rz * s;
}

template <typename T, std::size_t A>
COHORT_INLINE void update(const particle<T, A>& p, const vec3<T>& v, const vec3<T>& a, particle<T, A>& p_out,
                          vec3<T>& v_out) {
  v_out = {v.x + a.x * dt<T>, v.y + a.y * dt<T>, v.z + a.z * dt<T>};
  p_out = {p.x + v_out.x * dt<T>, p.y + v_out.y * dt<T>, p.z + v_out.z * dt<T>, p.m};
}

template <typename T, std::size_t A, typename Probe = no_probe>
cohort::event nbody_nd_range(cohort::queue& q, const particle<T, A>* p, const vec3<T>* v, particle<T, A>* p_out,
                             vec3<T>* v_out, std::size_t n, std::size_t local, Probe probe = {}) {
  return q.submit([&](cohort::handler& h) {
    cohort::local_accessor<particle<T, A>, 1> tile(cohort::range<1>{local}, h);
    auto kernel = COHORT_LAMBDA(cohort::nd_item<1> it) {
      const std::size_t gid = it.get_global_id(0), lid = it.get_local_id(0);
      const particle<T, A> pi = p[gid];
      vec3<T> a{0, 0, 0};
      for (std::size_t t = 0; t < n; t += local) {
        tile[lid] = p[t + lid];
        cohort::group_barrier(it.get_group());
        for (std::size_t j = 0; j < local; ++j) interact(pi, tile[j], a);
        cohort::group_barrier(it.get_group());
      }
      update(pi, v[gid], a, p_out[gid], v_out[gid]);
    };
    probe(kernel, nd_range_shape<1>{local, local * sizeof(particle<T, A>)});
    h.parallel_for(cohort::nd_range<1>{cohort::range<1>{n}, cohort::range<1>{local}}, kernel);
  });
}

/// SYCL-Bench's hierarchical form: the item's particle and acceleration in private_memory,
/// two parallel_for_work_item per tile (load, compute), and one each for init and update.
template <typename T, std::size_t A, typename Probe = no_probe>
cohort::event nbody_hierarchical(cohort::queue& q, const particle<T, A>* p, const vec3<T>* v, particle<T, A>* p_out,
                                 vec3<T>* v_out, std::size_t n, std::size_t local, Probe probe = {}) {
  return q.submit([&](cohort::handler& h) {
    auto kernel = COHORT_LAMBDA(cohort::group<1> g) {
      cohort::local_memory<particle<T, A>[tile_capacity<particle<T, A>>]> tile(g);
      cohort::private_memory<particle<T, A>> mine(g);
      cohort::private_memory<vec3<T>> acc(g);
      g.parallel_for_work_item([&](cohort::h_item<1> it) {
        mine(it) = p[it.get_global_id(0)];
        acc(it) = {0, 0, 0};
      });
      for (std::size_t t = 0; t < n; t += local) {
        g.parallel_for_work_item([&](cohort::h_item<1> it) { tile[it.get_local_id(0)] = p[t + it.get_local_id(0)]; });
        g.parallel_for_work_item([&](cohort::h_item<1> it) {
          const particle<T, A> pi = mine(it);
          vec3<T> a = acc(it);
          for (std::size_t j = 0; j < local; ++j) interact(pi, tile[j], a);
          acc(it) = a;
        });
      }
      g.parallel_for_work_item([&](cohort::h_item<1> it) {
        const std::size_t gid = it.get_global_id(0);
        update(mine(it), v[gid], acc(it), p_out[gid], v_out[gid]);
      });
    };
    probe(kernel, hierarchical_shape<1>{local});
    h.parallel_for_work_group(cohort::range<1>{n / local}, cohort::range<1>{local}, kernel);
  });
}

/// Scoped (as AdaptiveCpp's SYCL-Bench port, with memory_environment instead of the
/// deprecated s_private_memory): private particle and acceleration, a local tile,
/// distribute_items for init and update, two distribute_items_and_wait per tile.
template <typename T, std::size_t A, typename Probe = no_probe>
cohort::event nbody_scoped(cohort::queue& q, const particle<T, A>* p, const vec3<T>* v, particle<T, A>* p_out,
                           vec3<T>* v_out, std::size_t n, std::size_t local, Probe probe = {}) {
  return q.submit([&](cohort::handler& h) {
    auto kernel = COHORT_LAMBDA(cohort::scoped_group<1> g) {
      cohort::memory_environment(
          g, cohort::require_local_mem<particle<T, A>[tile_capacity<particle<T, A>>]>(),
          cohort::require_private_mem<particle<T, A>>(), cohort::require_private_mem<vec3<T>>(),
          [&](auto& tile, auto&& mine, auto&& acc) {
            cohort::distribute_items(g, [&](cohort::s_item<1> it) {
              mine(it) = p[it.get_global_id(0)];
              acc(it) = {0, 0, 0};
            });
            for (std::size_t t = 0; t < n; t += local) {
              cohort::distribute_items_and_wait(g, [&](cohort::s_item<1> it) {
                tile[it.get_innermost_local_id(0)] = p[t + it.get_innermost_local_id(0)];
              });
              cohort::distribute_items_and_wait(g, [&](cohort::s_item<1> it) {
                const particle<T, A> pi = mine(it);
                vec3<T> a = acc(it);
                for (std::size_t j = 0; j < local; ++j) interact(pi, tile[j], a);
                acc(it) = a;
              });
            }
            cohort::distribute_items(g, [&](cohort::s_item<1> it) {
              const std::size_t gid = it.get_global_id(0);
              update(mine(it), v[gid], acc(it), p_out[gid], v_out[gid]);
            });
          });
    };
    probe(kernel, scoped_shape<1>{local});
    h.parallel(cohort::range<1>{n / local}, cohort::range<1>{local}, kernel);
  });
}

}  // namespace
}  // namespace kernels
