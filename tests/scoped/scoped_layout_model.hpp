// SPDX-License-Identifier: MIT
#pragma once
// How each backend divides a scoped work-group, as the scoped tests expect it (the host
// side of the tests' checks):
// - CPU (backend/cpu/scoped_hooks.hpp): one physical item per work-group; distribute_groups
//   makes tiles of 16, 4x4 or 2x2x2 where every extent divides, else scalar groups.
// - CUDA (backend/cuda/scoped_layout.hpp): min(n, 1024) physical items (a row of 1024
//   beyond); distribute_groups makes sub-groups of 32 consecutive items that form a box (in
//   1D chunks of 32, the last one possibly partial), else scalar groups; a sub-group's
//   physical items are the lanes of the warp that runs it.
#include <algorithm>
#include <array>
#include <cstddef>

#include <cohort/cohort.hpp>

namespace cohort_test::scoped_model {

template <int D>
using arr = std::array<std::size_t, D>;

inline constexpr std::size_t warp = 32, block = 1024;

template <int D>
struct layout {
  bool gpu;
  arr<D> local;
  std::size_t n;
  bool sub_groups;  // distribute_groups on the work-group gives sub-groups, else scalar groups
  arr<D> tile;      // a sub-group's extent (all ones for scalar groups); partial at the end in 1D

  std::size_t physical() const { return gpu ? std::min(n, block) : 1; }
  arr<D> physical_range() const {
    arr<D> r;
    r.fill(1);
    if (!gpu) return r;
    if (n <= block) return local;
    r[D - 1] = block;
    return r;
  }
  /// The parts of the work-group per dimension, and the part of a local id.
  arr<D> parts() const {
    arr<D> r;
    for (int d = 0; d < D; ++d) r[d] = (local[d] + tile[d] - 1) / tile[d];
    return r;
  }
  arr<D> part_of(const arr<D>& li) const {
    arr<D> r;
    for (int d = 0; d < D; ++d) r[d] = li[d] / tile[d];
    return r;
  }
  arr<D> part_extent(const arr<D>& part) const {
    arr<D> r;
    for (int d = 0; d < D; ++d) r[d] = std::min(tile[d], local[d] - part[d] * tile[d]);
    return r;
  }
  /// Physical items of part `s` (linear): the lanes of the warp that runs it on a GPU.
  std::size_t part_lanes(std::size_t s) const {
    if (!gpu || !sub_groups) return 1;
    const std::size_t p = physical(), warps = (p + warp - 1) / warp, w = s % warps;
    return std::min(warp, p - w * warp);
  }
};

template <int D>
inline layout<D> layout_of(const cohort::queue& q, const arr<D>& local) {
  layout<D> l{!q.get_device().is_cpu(), local, 1, false, {}};
  for (int d = 0; d < D; ++d) l.n *= local[d];
  l.tile.fill(1);
  if (!l.gpu) {
    arr<D> t;
    t.fill(D == 1 ? 16 : (D == 2 ? 4 : 2));
    bool divides = true;
    for (int d = 0; d < D; ++d) divides = divides && local[d] % t[d] == 0;
    if (divides) l.tile = t, l.sub_groups = true;
  } else if (D == 1) {
    l.tile[0] = warp, l.sub_groups = true;
  } else {
    // From the last dimension back: complete the 32 with a divisor of the extent, or take
    // the whole extent where it divides what is left.
    arr<D> t;
    t.fill(1);
    std::size_t left = warp;
    bool ok = true;
    for (int d = D - 1; d >= 0 && left > 1 && ok; --d) {
      if (local[d] % left == 0)
        t[d] = left, left = 1;
      else if (left % local[d] == 0)
        t[d] = local[d], left /= local[d];
      else
        ok = false;
    }
    if (ok && left == 1) l.tile = t, l.sub_groups = true;
  }
  return l;
}

}  // namespace cohort_test::scoped_model
