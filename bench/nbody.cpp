// SPDX-License-Identifier: MIT
// SYCL-Bench's NBody: one explicit-Euler step of all-pairs gravity in float.
//   a_i = sum_j m_j R_ij / (|R_ij|^2 + eps)^(3/2),  R_ij = p_j - p_i,  eps = 1e-5
//   v_i' = v_i + a_i dt,  p_i' = p_i + v_i' dt,  dt = 1e-2
// The j = i term is R = 0 and adds exactly zero, so no branch is needed. Every variant
// uses the same tiling as SYCL-Bench's nd_range kernel: groups of `local` particles walk
// over the particles tile by tile, a tile of `local` particles at a time copied into local
// memory, and accumulate in the same order (tiles ascending, j ascending in a tile), so the
// OpenMP reference does exactly the kernels' work. The kernels are cohort-bench-cuda's too
// (bench/kernels/nbody.hpp). Interactions/s = N^2 / time.
#include <cmath>
#include <cstddef>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <cohort/cohort.hpp>

#include "compiler_pass.hpp"
#include "harness/harness.hpp"
#include "kernels/nbody.hpp"

namespace {

using particle = kernels::particle<float>;
using vec3 = kernels::vec3<float>;
constexpr float softening = kernels::softening<float>;
constexpr float dt = kernels::dt<float>;

struct data {
  cohort::queue* q = nullptr;
  std::size_t n = 0, local = 0;
  cohort::usm_unique_ptr<particle, cohort::usm::alloc::shared> p_in, p_out;
  cohort::usm_unique_ptr<vec3, cohort::usm::alloc::shared> v_in, v_out;
  // Double-precision reference and, per particle, the error bound of a float result.
  std::vector<double> ref_v, ref_p, bound_v, bound_p;
};

void nbody_openmp(const particle* p, const vec3* v, particle* p_out, vec3* v_out, std::size_t n,
                  std::size_t local) {
  const std::size_t groups = n / local;
#pragma omp parallel for schedule(static)
  for (std::size_t g = 0; g < groups; ++g) {
    particle tile[1024];
    vec3 acc[1024];
    const std::size_t base = g * local;
    for (std::size_t l = 0; l < local; ++l) acc[l] = {0, 0, 0};
    for (std::size_t t = 0; t < n; t += local) {
      for (std::size_t l = 0; l < local; ++l) tile[l] = p[t + l];
      for (std::size_t l = 0; l < local; ++l) {
        const particle pi = p[base + l];
        vec3 a = acc[l];
        for (std::size_t j = 0; j < local; ++j) interact(pi, tile[j], a);
        acc[l] = a;
      }
    }
    for (std::size_t l = 0; l < local; ++l) update(p[base + l], v[base + l], acc[l], p_out[base + l], v_out[base + l]);
  }
}

/// Host reference in double, plus a rigorous bound on the float result's error.
/// Float rounds every term (about 10 operations: relative error <= 10u, u = 2^-24) and the
/// recursive sum of N terms adds at most (N - 1) u sum_j |term_j| (Higham, "Accuracy and
/// Stability of Numerical Algorithms", eq. 4.4); the variants sum in different orders
/// (and may contract to fused multiply-adds differently), so each may sit anywhere inside
/// that bound: |v - v_ref| <= dt (N + 10) u |S| with S_k = sum_j |term_jk|, plus the
/// rounding of the update itself. The position adds dt times the velocity error and a few
/// roundings of |p| + dt |v|. A fixed "10 epsilon" as in SYCL-Bench only holds when the
/// check repeats the kernel's own float order, which a typed (double) reference does not.
void compute_reference(data& d) {
  const std::size_t n = d.n;
  d.ref_v.assign(3 * n, 0);
  d.ref_p.assign(3 * n, 0);
  d.bound_v.assign(n, 0);
  d.bound_p.assign(n, 0);
  const particle* p = d.p_in.get();
  const vec3* v = d.v_in.get();
  const double u = std::ldexp(1.0, -24);
#pragma omp parallel for schedule(static)
  for (std::size_t i = 0; i < n; ++i) {
    double a[3] = {0, 0, 0}, s[3] = {0, 0, 0};
    for (std::size_t j = 0; j < n; ++j) {
      const double r[3] = {double(p[j].x) - p[i].x, double(p[j].y) - p[i].y, double(p[j].z) - p[i].z};
      const double r2 = r[0] * r[0] + r[1] * r[1] + r[2] * r[2] + double(softening);
      const double inv = 1.0 / std::sqrt(r2);
      const double w = double(p[j].m) * inv * inv * inv;
      for (int k = 0; k < 3; ++k) {
        a[k] += r[k] * w;
        s[k] += std::fabs(r[k] * w);
      }
    }
    const double vin[3] = {v[i].x, v[i].y, v[i].z}, pin[3] = {p[i].x, p[i].y, p[i].z};
    double vnorm = 0, pnorm = 0, snorm = 0;
    for (int k = 0; k < 3; ++k) {
      const double vk = vin[k] + a[k] * double(dt);
      d.ref_v[3 * i + k] = vk;
      d.ref_p[3 * i + k] = pin[k] + vk * double(dt);
      vnorm += vk * vk;
      pnorm += d.ref_p[3 * i + k] * d.ref_p[3 * i + k];
      snorm += s[k] * s[k];
    }
    vnorm = std::sqrt(vnorm);
    pnorm = std::sqrt(pnorm);
    const double bv = double(dt) * (static_cast<double>(n) + 10) * u * std::sqrt(snorm) + 4 * u * vnorm;
    d.bound_v[i] = bv;
    d.bound_p[i] = double(dt) * bv + 4 * u * (pnorm + double(dt) * vnorm);
  }
}

bench::verdict check(const data& d) {
  std::size_t bad = d.n;
  double got_err = 0, allowed = 0;
  const particle* p = d.p_out.get();
  const vec3* v = d.v_out.get();
  for (std::size_t i = 0; i < d.n && bad == d.n; ++i) {
    const double dv[3] = {v[i].x - d.ref_v[3 * i], v[i].y - d.ref_v[3 * i + 1], v[i].z - d.ref_v[3 * i + 2]};
    const double dp[3] = {p[i].x - d.ref_p[3 * i], p[i].y - d.ref_p[3 * i + 1], p[i].z - d.ref_p[3 * i + 2]};
    const double ev = std::sqrt(dv[0] * dv[0] + dv[1] * dv[1] + dv[2] * dv[2]);
    const double ep = std::sqrt(dp[0] * dp[0] + dp[1] * dp[1] + dp[2] * dp[2]);
    if (!(ev <= d.bound_v[i])) {
      bad = i, got_err = ev, allowed = d.bound_v[i];
    } else if (!(ep <= d.bound_p[i])) {
      bad = i, got_err = ep, allowed = d.bound_p[i];
    }
  }
  if (bad == d.n) return bench::verdict::pass();
  return bench::verdict::fail("particle " + std::to_string(bad) + ": error " + std::to_string(got_err) +
                              " exceeds the bound " + std::to_string(allowed));
}

bench::suite make_nbody(const bench::config& cfg) {
  auto d = std::make_shared<data>();
  d->q = cfg.queue;
  d->n = cfg.pick_size(1024, 8192, 16384);
  d->local = cfg.pick_local(256);
  const bool verify = cfg.verify;

  bench::bench_case c;
  c.name = "nbody/float";
  c.parts = "element type";
  c.size = d->n;
  c.local = d->local;
  c.throughput = {static_cast<double>(d->n) * static_cast<double>(d->n), "Ginter/s"};
  c.setup = [d, verify] {
    if (d->local > 1024 || d->n % d->local != 0)
      throw std::invalid_argument("nbody needs --local <= 1024 dividing --size");
    const std::size_t n = d->n;
    d->p_in = cohort::make_shared_unique<particle>(n, *d->q);
    d->p_out = cohort::make_shared_unique<particle>(n, *d->q);
    d->v_in = cohort::make_shared_unique<vec3>(n, *d->q);
    d->v_out = cohort::make_shared_unique<vec3>(n, *d->q);
    // SYCL-Bench's spiral: r = i / N; (r cos(3000 2 pi r), r sin(3000 2 pi r), r), mass 1.
    for (std::size_t i = 0; i < n; ++i) {
      const double r = static_cast<double>(i) / static_cast<double>(n);
      const double angle = 3000.0 * 2.0 * 3.14159265358979323846 * r;
      d->p_in[i] = {static_cast<float>(r * std::cos(angle)), static_cast<float>(r * std::sin(angle)),
                    static_cast<float>(r), 1.0f};
      d->v_in[i] = {0, 0, 0};
    }
    if (verify) compute_reference(*d);
  };
  c.teardown = [d] {
    d->p_in.reset();
    d->p_out.reset();
    d->v_in.reset();
    d->v_out.reset();
  };
  auto prepare = [d] {
    bench::poison(reinterpret_cast<float*>(d->p_out.get()), 4 * d->n);
    bench::poison(reinterpret_cast<float*>(d->v_out.get()), 3 * d->n);
  };
  auto checker = [d] { return check(*d); };
  c.variants.push_back({"openmp", bench::role::reference, prepare,
                        [d] { nbody_openmp(d->p_in.get(), d->v_in.get(), d->p_out.get(), d->v_out.get(), d->n, d->local); },
                        checker});
  // Kernels with barriers run on fibers, and as the compiler pass's loops in nd_range_cbs
  // where cohort-bench is built with it (compiler_pass.hpp).
  auto models = [&](const char* name, auto step, bool loops = false) {
    c.variants.push_back({name, bench::role::model, prepare,
                          [d, step, loops] {
                            bench::with_loops(loops, [&] {
                              step(*d->q, d->p_in.get(), d->v_in.get(), d->p_out.get(), d->v_out.get(), d->n, d->local)
                                  .wait_and_throw();
                            });
                          },
                          checker});
  };
  models("nd_range", [](auto&&... a) { return kernels::nbody_nd_range(a...); });
  if (bench::with_compiler_pass) models("nd_range_cbs", [](auto&&... a) { return kernels::nbody_nd_range(a...); }, true);
  models("hierarchical", [](auto&&... a) { return kernels::nbody_hierarchical(a...); });
  models("scoped", [](auto&&... a) { return kernels::nbody_scoped(a...); });
  bench::suite s;
  s.cases.push_back(std::move(c));
  return s;
}

bench::registration reg{"nbody", 40, "SYCL-Bench NBody: one all-pairs gravity step, tiled, float", make_nbody};

}  // namespace
