// SPDX-License-Identifier: MIT
#pragma once
// histogram_even: counts samples into bins of equal width over [lower, upper), with CUB's
// DeviceHistogram::HistogramEven bin arithmetic (see detail::even_bins).
//
// CPU: each chunk (one per thread) counts into its own histogram in scratch memory, then a
// pass parallel over the bins sums the chunks' counts into the output.
// GPU: each work-group counts into a histogram in local memory with work-group-scope
// atomics, then adds its non-zero bins to the output with device-scope atomics (the output
// zeroed first). Above the local-memory budget of the tuning struct the groups count with
// device-scope atomics straight into the output.
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include <cohort/algorithm/temporary_storage.hpp>
#include <cohort/core/atomic_ref.hpp>
#include <cohort/core/exception.hpp>
#include <cohort/core/nd_item.hpp>
#include <cohort/core/nd_range.hpp>
#include <cohort/core/range.hpp>
#include <cohort/detail/algorithm_support.hpp>
#include <cohort/detail/macros.hpp>
#include <cohort/group/barrier.hpp>
#include <cohort/runtime/event.hpp>
#include <cohort/runtime/handler.hpp>
#include <cohort/runtime/local_accessor.hpp>
#include <cohort/runtime/properties.hpp>
#include <cohort/runtime/queue.hpp>

namespace cohort {

/// The GPU strategy's constants; not yet tuned by a GPU measurement. 8 groups of 256 per
/// compute unit fill an H100 SM's 2,048 threads; each loads 4 samples per step before it
/// counts them, so several loads are in flight. Histograms of up to 12,288 bins (48 KiB of
/// 32-bit counters) are counted in local memory.
struct histogram_tuning_gpu {
  static constexpr std::size_t group_size = 256;
  static constexpr std::size_t groups_per_unit = 8;
  static constexpr std::size_t samples_per_step = 4;
  static constexpr std::size_t max_local_bytes = 48 * 1024;
};

namespace detail {

/// The bin of a sample, as CUB's HistogramEven computes it, in the common type C of the
/// sample and the levels: samples outside [lower, upper) and NaN are not counted.
/// Floating point: (sample - lower) * scale with scale = bins / (upper - lower) rounded to
/// C, truncated (a product that rounds up to `bins` is clamped to the last bin).
/// Integers: (sample - lower) * bins / (upper - lower) exactly, in 64-bit unsigned
/// arithmetic (errc::invalid where (upper - lower) * bins would not fit, as CUB refuses),
/// the division done as a multiplication by the reciprocal, corrected.
template <typename Sample, typename Level>
struct even_bins {
  using common = std::common_type_t<Sample, Level>;
  static constexpr bool floating = std::is_floating_point_v<common>;
  common lower, upper;
  common scale;          // floating point
  std::uint64_t width;   // integers: upper - lower
  double inverse_width;  // integers: 1 / width
  // Integers whose (upper - lower) * bins fits 32 bits: floor(x / width) for 32-bit x as
  // (t + ((x - t) >> shift1)) >> shift2 with t = the high half of magic * x (Granlund and
  // Montgomery's round-up method, exact for every 32-bit x), where 64-bit products and
  // conversions cost a GPU several times the instructions.
  bool narrow;
  std::uint32_t magic;
  int shift1, shift2;
  std::size_t bins;

  even_bins(const char* algorithm, std::size_t bin_count, Level lo, Level hi)
      : lower(static_cast<common>(lo)), upper(static_cast<common>(hi)), scale(), width(0), inverse_width(0),
        narrow(false), magic(0), shift1(0), shift2(0), bins(bin_count) {
    if (bins == 0) throw exception(errc::invalid, std::string(algorithm) + ": no bins");
    if (!(lower < upper)) throw exception(errc::invalid, std::string(algorithm) + ": the bounds are not lower < upper");
    if constexpr (floating) {
      scale = static_cast<common>(static_cast<common>(bins) / static_cast<common>(upper - lower));
    } else {
      using U = std::make_unsigned_t<common>;
      width = static_cast<std::uint64_t>(static_cast<U>(static_cast<U>(upper) - static_cast<U>(lower)));
      if (width > std::numeric_limits<std::uint64_t>::max() / bins)
        throw exception(errc::invalid, std::string(algorithm) + ": (upper - lower) * bins exceeds 64 bits");
      inverse_width = 1.0 / static_cast<double>(width);
      constexpr std::uint64_t two32 = std::uint64_t{1} << 32;
      if (width < two32 && width * bins <= two32) {
        int l = 0;  // ceil(log2(width))
        while ((std::uint64_t{1} << l) < width) ++l;
        narrow = true;
        magic = static_cast<std::uint32_t>((two32 * ((std::uint64_t{1} << l) - width)) / width + 1);
        shift1 = l < 1 ? l : 1;
        shift2 = l > 1 ? l - 1 : 0;
      }
    }
  }

  /// Whether the sample is counted; if so its bin goes to `bin`.
  COHORT_FUNCTION bool bin_of(const Sample& sample, std::size_t& bin) const {
    const common x = static_cast<common>(sample);
    if (!(x >= lower && x < upper)) return false;
    if constexpr (floating) {
      const common f = (x - lower) * scale;
      bin = f < static_cast<common>(bins) ? static_cast<std::size_t>(f) : bins - 1;
    } else {
      using U = std::make_unsigned_t<common>;
      const auto offset = static_cast<std::uint64_t>(static_cast<U>(static_cast<U>(x) - static_cast<U>(lower)));
      if (narrow) {
        const auto scaled = static_cast<std::uint32_t>(offset) * static_cast<std::uint32_t>(bins);  // < 2^32
        const auto t = static_cast<std::uint32_t>((static_cast<std::uint64_t>(magic) * scaled) >> 32);
        bin = static_cast<std::size_t>((t + ((scaled - t) >> shift1)) >> shift2);
        return true;
      }
      const std::uint64_t scaled = offset * bins;  // < width * bins: no overflow (checked)
      // floor(scaled / width) without a 64-bit division: a double estimate, off by less
      // than one below 2^50 bins, then corrected with exact products (which stay below
      // width * bins).
      std::uint64_t q = static_cast<std::uint64_t>(static_cast<double>(scaled) * inverse_width);
      if (q > bins - 1) q = bins - 1;
      while (q * width > scaled) --q;
      while (scaled - q * width >= width) ++q;
      bin = static_cast<std::size_t>(q);
    }
    return true;
  }
};

// ---- CPU strategy -------------------------------------------------------------------------

template <typename SampleIt, typename Counter, typename Bins>
struct histogram_count_chunks {
  SampleIt samples;
  std::size_t n, chunks, stride;  // stride: counters per chunk (bins, padded to a cache line)
  Counter* privates;
  Bins binning;
  COHORT_FUNCTION void operator()(id<1> c) const {
    // Local copies: the counters' stores could alias the kernel object's members.
    const Bins bins = binning;
    const SampleIt in = samples;
    Counter* mine = privates + c[0] * stride;
    for (std::size_t b = 0; b < bins.bins; ++b) mine[b] = Counter(0);
    const chunk_range r = chunk_of(n, chunks, c[0]);
    for (std::size_t i = r.begin; i < r.end; ++i) {
      std::size_t b;
      if (bins.bin_of(in[i], b)) mine[b] += Counter(1);
    }
  }
};

template <typename Counter>
struct histogram_merge_chunks {
  const Counter* privates;
  Counter* histogram;
  std::size_t chunks, stride;
  COHORT_FUNCTION void operator()(id<1> b) const {
    Counter sum = privates[b[0]];
    for (std::size_t c = 1; c < chunks; ++c) sum += privates[c * stride + b[0]];
    histogram[b[0]] = sum;
  }
};

template <typename SampleIt, typename Counter, typename Bins>
event histogram_cpu(queue& q, temporary_storage& storage, SampleIt samples, std::size_t n, Counter* histogram,
                    const Bins& binning, const std::vector<event>& depends_on) {
  const std::size_t chunks = cpu_chunks(q);
  constexpr std::size_t line = 64 / sizeof(Counter) == 0 ? 1 : 64 / sizeof(Counter);
  const std::size_t stride = (binning.bins + line - 1) / line * line;
  auto lease = storage.acquire(chunks * stride * sizeof(Counter), depends_on);
  auto* privates = static_cast<Counter*>(lease.data());
  event counted = q.submit([&](handler& h) {
    h.depends_on(lease.dependencies());
    h.parallel_for(range<1>{chunks},
                   histogram_count_chunks<SampleIt, Counter, Bins>{samples, n, chunks, stride, privates, binning});
  });
  lease.used_by(counted);
  event merged = q.submit([&](handler& h) {
    h.depends_on(counted);
    h.parallel_for(range<1>{binning.bins}, histogram_merge_chunks<Counter>{privates, histogram, chunks, stride});
  });
  lease.used_by(merged);
  return merged;
}

// ---- GPU strategy -------------------------------------------------------------------------

/// Bins counted in local memory on the GPU; more go straight to the output.
inline std::size_t histogram_local_bins(const queue& q) {
  std::size_t bytes = q.get_device().get_info<info::device::local_mem_size>();
  if (bytes > histogram_tuning_gpu::max_local_bytes) bytes = histogram_tuning_gpu::max_local_bytes;
  return bytes / sizeof(std::uint32_t);
}

template <typename Counter>
using output_counter_ref = atomic_ref<Counter, memory_order::relaxed, memory_scope::device,
                                      access::address_space::global_space>;

/// Local: one histogram per work-group in local memory, merged into the output at the end;
/// otherwise every count is a device-scope atomic on the output.
template <bool Local, typename SampleIt, typename Counter, typename Bins>
struct histogram_groups {
  static constexpr std::size_t group_size = histogram_tuning_gpu::group_size;
  static constexpr std::size_t step = histogram_tuning_gpu::samples_per_step;
  using sample_type = typename std::iterator_traits<SampleIt>::value_type;
  SampleIt samples;
  std::size_t n;
  Counter* histogram;
  Bins binning;
  local_accessor<std::uint32_t, 1> counts;  // Local only

  COHORT_FUNCTION void count(std::size_t b) const {
    if constexpr (Local)
      atomic_ref<std::uint32_t, memory_order::relaxed, memory_scope::work_group, access::address_space::local_space>(
          counts[b])
          .fetch_add(1u);
    else
      output_counter_ref<Counter>(histogram[b]).fetch_add(Counter(1));
  }

  COHORT_FUNCTION void operator()(nd_item<1> it) const {
    const auto g = it.get_group();
    const std::size_t lid = it.get_local_id(0);
    if constexpr (Local) {
      for (std::size_t b = lid; b < binning.bins; b += group_size) counts[b] = 0;
      group_barrier(g);
    }
    // Tiles of group_size * step samples, dealt to the groups in turn; each work-item
    // loads its `step` samples of a tile (striped: coalesced) before counting them.
    const Bins bins = binning;
    const SampleIt in = samples;
    const std::size_t tile = group_size * step;
    const std::size_t stride = it.get_group_range(0) * tile;
    for (std::size_t base = it.get_group(0) * tile; base < n; base += stride) {
      sample_type s[step];
      bool valid[step];
      for (std::size_t j = 0; j < step; ++j) {
        const std::size_t i = base + j * group_size + lid;
        valid[j] = i < n;
        if (valid[j]) s[j] = in[i];
      }
      for (std::size_t j = 0; j < step; ++j) {
        std::size_t b;
        if (valid[j] && bins.bin_of(s[j], b)) count(b);
      }
    }
    if constexpr (Local) {
      group_barrier(g);
      for (std::size_t b = lid; b < binning.bins; b += group_size) {
        const std::uint32_t c = counts[b];
        if (c != 0) output_counter_ref<Counter>(histogram[b]).fetch_add(static_cast<Counter>(c));
      }
    }
  }
};

template <typename SampleIt, typename Counter, typename Bins>
event histogram_gpu(queue& q, SampleIt samples, std::size_t n, Counter* histogram, const Bins& binning,
                    const std::vector<event>& depends_on) {
  using tuning = histogram_tuning_gpu;
  constexpr std::size_t group_size = tuning::group_size;
  event zeroed = q.memset(histogram, 0, binning.bins * sizeof(Counter), depends_on);
  if (n == 0) return zeroed;
  const std::size_t units = q.get_device().get_info<info::device::max_compute_units>();
  const std::size_t tile = group_size * tuning::samples_per_step;
  const std::size_t wanted = (n + tile - 1) / tile;
  std::size_t groups = (units == 0 ? 1 : units) * tuning::groups_per_unit;
  if (groups > wanted) groups = wanted;
  const nd_range<1> shape{groups * group_size, group_size};
  const bool local = binning.bins <= histogram_local_bins(q);
  constexpr properties fixed_size{work_group_size<group_size>};
  return q.submit([&](handler& h) {
    h.depends_on(zeroed);
    if (local) {
      local_accessor<std::uint32_t, 1> counts(range<1>{binning.bins}, h);
      h.parallel_for(shape, fixed_size,
                     histogram_groups<true, SampleIt, Counter, Bins>{samples, n, histogram, binning, counts});
    } else {
      local_accessor<std::uint32_t, 1> none(range<1>{1}, h);
      h.parallel_for(shape, fixed_size,
                     histogram_groups<false, SampleIt, Counter, Bins>{samples, n, histogram, binning, none});
    }
  });
}

enum class histogram_strategy { device_default, cpu, gpu };

template <typename SampleIt, typename Counter, typename Level>
event histogram_even(queue& q, temporary_storage& storage, SampleIt samples, std::size_t n, Counter* histogram,
                     std::size_t bins, Level lower, Level upper, const std::vector<event>& depends_on,
                     histogram_strategy strategy) {
  using sample_type = typename std::iterator_traits<SampleIt>::value_type;
  const char* algorithm = "histogram_even";
  const even_bins<sample_type, Level> binning(algorithm, bins, lower, upper);
  check_not_null(algorithm, "sample pointer", samples, n);
  check_not_null(algorithm, "histogram", histogram, bins);
  if (overlaps(samples, n, histogram, bins))
    throw exception(errc::invalid, std::string(algorithm) + ": the samples and the histogram overlap");
  const bool cpu = strategy == histogram_strategy::device_default ? q.get_device().is_cpu()
                                                                  : strategy == histogram_strategy::cpu;
  if (cpu) return histogram_cpu(q, storage, samples, n, histogram, binning, depends_on);
  return histogram_gpu(q, samples, n, histogram, binning, depends_on);
}

}  // namespace detail

/// Counts the n samples into `bins` bins of equal width over [lower, upper) (CUB's
/// DeviceHistogram::HistogramEven): histogram[b] (overwritten) receives how many samples
/// fall into bin b; samples outside [lower, upper) and NaN are not counted. The bin of a
/// sample is computed as CUB computes it (detail::even_bins). errc::invalid for bins == 0,
/// !(lower < upper), null pointers, or samples and histogram that overlap.
template <typename SampleIt, typename Counter, typename Level>
event histogram_even(queue& q, temporary_storage& storage, SampleIt samples, std::size_t n, Counter* histogram,
                     std::size_t bins, Level lower, Level upper, const std::vector<event>& depends_on = {}) {
  return detail::histogram_even(q, storage, samples, n, histogram, bins, lower, upper, depends_on,
                                detail::histogram_strategy::device_default);
}
template <typename SampleIt, typename Counter, typename Level>
event histogram_even(queue& q, SampleIt samples, std::size_t n, Counter* histogram, std::size_t bins, Level lower,
                     Level upper, const std::vector<event>& depends_on = {}) {
  return histogram_even(q, storage_of(q), samples, n, histogram, bins, lower, upper, depends_on);
}

}  // namespace cohort
