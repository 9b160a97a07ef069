// SPDX-License-Identifier: MIT
// SYCL-Bench's NBody on the GPU (bench/nbody.cpp's algorithm), in float and double: one
// explicit-Euler step of all-pairs gravity,
//   a_i = sum_j m_j R_ij / (|R_ij|^2 + eps)^(3/2),  R_ij = p_j - p_i,  eps = 1e-5
//   v_i' = v_i + a_i dt,  p_i' = p_i + v_i' dt,  dt = 1e-2,
// groups of `local` particles walking over the particles tile by tile, a tile of `local`
// particles at a time copied into local memory. The kernels are cohort-bench's too
// (bench/kernels/nbody.hpp). Reference: the same tiling as a plain CUDA kernel, with the
// same interaction function. Interactions/s = N^2 / time.
// Particles are 16-byte aligned in every variant, so each one loads as vector loads.
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

#include "common.cuh"
#include "kernels/nbody.hpp"
#include "launch_kernels.cuh"

namespace cbench {

namespace {

/// 16-byte aligned particles: each one loads as vector loads.
template <typename T>
using particle = kernels::particle<T, 16>;
using kernels::vec3;

template <typename T>
__global__ void nbody_cuda(const particle<T>* p, const vec3<T>* v, particle<T>* p_out, vec3<T>* v_out,
                           std::size_t n) {
  extern __shared__ __align__(16) unsigned char shared_bytes[];
  particle<T>* tile = reinterpret_cast<particle<T>*>(shared_bytes);
  const unsigned lid = threadIdx.x, local = blockDim.x;
  const std::size_t gid = static_cast<std::size_t>(blockIdx.x) * local + lid;
  const particle<T> pi = p[gid];
  vec3<T> a{0, 0, 0};
  for (std::size_t t = 0; t < n; t += local) {
    tile[lid] = p[t + lid];
    __syncthreads();
    for (unsigned j = 0; j < local; ++j) interact(pi, tile[j], a);
    __syncthreads();
  }
  update(pi, v[gid], a, p_out[gid], v_out[gid]);
}

/// Host reference in double and, per particle, a bound on a T result's error (as in
/// bench/nbody.cpp): every term rounds (about 10 operations) and the sum of N terms in any
/// order adds at most (N - 1) u sum_j |term_j| (Higham, eq. 4.4), so
/// |v - v_ref| <= dt (N + 10) u |S| (S_k = sum_j |term_jk|) plus the update's roundings;
/// the position adds dt times that and a few roundings of |p| + dt |v|. u is T's unit
/// roundoff plus double's, for the reference's own error.
struct reference {
  std::vector<double> v, p, bound_v, bound_p;
};

template <typename T>
reference compute_reference(const std::vector<particle<T>>& p, const std::vector<vec3<T>>& v) {
  const std::size_t n = p.size();
  reference r;
  r.v.assign(3 * n, 0);
  r.p.assign(3 * n, 0);
  r.bound_v.assign(n, 0);
  r.bound_p.assign(n, 0);
  const double u = std::ldexp(1.0, -std::numeric_limits<T>::digits) + std::ldexp(1.0, -53);
#pragma omp parallel for schedule(static)
  for (std::size_t i = 0; i < n; ++i) {
    double a[3] = {0, 0, 0}, s[3] = {0, 0, 0};
    for (std::size_t j = 0; j < n; ++j) {
      const double d[3] = {double(p[j].x) - p[i].x, double(p[j].y) - p[i].y, double(p[j].z) - p[i].z};
      const double r2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2] + double(kernels::softening<T>);
      const double inv = 1.0 / std::sqrt(r2);
      const double w = double(p[j].m) * inv * inv * inv;
      for (int k = 0; k < 3; ++k) {
        a[k] += d[k] * w;
        s[k] += std::fabs(d[k] * w);
      }
    }
    const double vin[3] = {v[i].x, v[i].y, v[i].z}, pin[3] = {p[i].x, p[i].y, p[i].z};
    const double step = double(kernels::dt<T>);
    double vnorm = 0, pnorm = 0, snorm = 0;
    for (int k = 0; k < 3; ++k) {
      const double vk = vin[k] + a[k] * step;
      r.v[3 * i + k] = vk;
      r.p[3 * i + k] = pin[k] + vk * step;
      vnorm += vk * vk;
      pnorm += r.p[3 * i + k] * r.p[3 * i + k];
      snorm += s[k] * s[k];
    }
    vnorm = std::sqrt(vnorm);
    pnorm = std::sqrt(pnorm);
    const double bv = step * (static_cast<double>(n) + 10) * u * std::sqrt(snorm) + 4 * u * vnorm;
    r.bound_v[i] = bv;
    r.bound_p[i] = step * bv + 4 * u * (pnorm + step * vnorm);
  }
  return r;
}

template <typename T>
bool check_result(const reference& r, const particle<T>* p_dev, const vec3<T>* v_dev, std::size_t n) {
  const std::vector<particle<T>> p = to_host(p_dev, n);
  const std::vector<vec3<T>> v = to_host(v_dev, n);
  for (std::size_t i = 0; i < n; ++i) {
    const double dv[3] = {v[i].x - r.v[3 * i], v[i].y - r.v[3 * i + 1], v[i].z - r.v[3 * i + 2]};
    const double dp[3] = {p[i].x - r.p[3 * i], p[i].y - r.p[3 * i + 1], p[i].z - r.p[3 * i + 2]};
    const double ev = std::sqrt(dv[0] * dv[0] + dv[1] * dv[1] + dv[2] * dv[2]);
    const double ep = std::sqrt(dp[0] * dp[0] + dp[1] * dp[1] + dp[2] * dp[2]);
    if (!(ev <= r.bound_v[i]) || !(ep <= r.bound_p[i])) {
      std::fprintf(stderr, "    particle %zu: velocity error %g (bound %g), position error %g (bound %g)\n", i, ev,
                   r.bound_v[i], ep, r.bound_p[i]);
      return false;
    }
  }
  return true;
}

template <typename T>
void run_type(const cohort::device& device, const options& o) {
  const std::size_t n = o.pick(std::size_t{1} << 16, std::size_t{1} << 14, std::size_t{1} << 10);
  const std::size_t local = 256;
  // SYCL-Bench's spiral: r = i / N; (r cos(3000 2 pi r), r sin(3000 2 pi r), r), mass 1.
  std::vector<particle<T>> p_host(n);
  std::vector<vec3<T>> v_host(n, vec3<T>{0, 0, 0});
  for (std::size_t i = 0; i < n; ++i) {
    const double r = static_cast<double>(i) / static_cast<double>(n);
    const double angle = 3000.0 * 2.0 * 3.14159265358979323846 * r;
    p_host[i] = {static_cast<T>(r * std::cos(angle)), static_cast<T>(r * std::sin(angle)), static_cast<T>(r), T(1)};
  }
  const reference ref = compute_reference(p_host, v_host);
  device_array<particle<T>> p(n), p_out(n);
  device_array<vec3<T>> v(n), v_out(n);
  p.upload(p_host);
  v.upload(v_host);
  auto prepare = [&] {
    p_out.poison();
    v_out.poison();
  };
  auto verify = [&] { return check_result(ref, p_out.get(), v_out.get(), n); };
  const double interactions = static_cast<double>(n) * static_cast<double>(n);
  row base{"nbody", "", type_name<T>(), local, 0, 0, 0, false, "interactions/s", n, "cuda"};

  const double t_ref = time_cuda(prepare,
                                 [&](cudaStream_t s) {
                                   nbody_cuda<T><<<static_cast<unsigned>(n / local), static_cast<unsigned>(local),
                                                   local * sizeof(particle<T>), s>>>(p.get(), v.get(), p_out.get(),
                                                                                     v_out.get(), n);
                                 },
                                 o.repeats);
  base.reference_seconds = t_ref;
  reference_row(base, "cuda", t_ref, verify(), interactions,
                attributes_of(&nbody_cuda<T>, static_cast<int>(local),
                              static_cast<long long>(local * sizeof(particle<T>))));
  auto model = [&](const char* name, auto launch) {
    row r = base;
    r.variant = name;
    model_variant(
        device, r, o.repeats, interactions, prepare,
        [&](cohort::queue& q, kernel_info* info) {
          const cohort::event e = launch(q, p.get(), v.get(), p_out.get(), v_out.get(), n, local, attributes_probe{info});
          return std::make_pair(e, e);
        },
        verify);
  };
  model("nd_range", [](auto&&... a) { return kernels::nbody_nd_range(a...); });
  model("hierarchical", [](auto&&... a) { return kernels::nbody_hierarchical(a...); });
  model("scoped", [](auto&&... a) { return kernels::nbody_scoped(a...); });
}

}  // namespace

void nbody(const cohort::device& device, const options& o) {
  std::printf("nbody\n");
  run_type<float>(device, o);
  run_type<double>(device, o);
}

}  // namespace cbench
