// SPDX-License-Identifier: MIT
// cohort::radix_sort on the CPU against the standard library's sorts of the same keys in
// the same run: uint32 keys (2^16, 2^20, 2^24; 2^26 with --full), uint32/uint32 pairs
// (2^20, 2^24) and float keys (2^24), random.
//
// Reference: sequential std::sort. Parallel baselines: std::sort and std::stable_sort with
// std::execution::par_unseq where TBB is installed (libstdc++ runs them on TBB; without TBB
// it would run them sequentially, so they are left out), limited to the OpenMP team's
// thread count so that they have the same 2 threads here as cohort's kernels, and run after
// the others' rounds (std_parallel.hpp says why); and
// libstdc++'s parallel mode, __gnu_parallel::sort (a multiway merge sort on OpenMP's team).
// std::stable_sort is shown as radix_sort is stable. Pairs: the std and __gnu_parallel
// sorts sort an array of (key, value) structs by key, std::stable_sort being radix_sort's
// exact equivalent there. Every output is checked against std::stable_sort's, computed once
// in the setup (the pairs' values are the input indices, so their order checks stability;
// the unstable sorts are checked on the keys only).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <numeric>
#include <parallel/algorithm>
#include <string>
#include <vector>

#include <cohort/algorithm/radix_sort.hpp>
#include <cohort/cohort.hpp>

#include "harness/harness.hpp"
#include "kernels/algorithm_inputs.hpp"
#include "std_parallel.hpp"

namespace {

template <typename Key>
struct pair_of {
  Key key;
  std::uint32_t value;
};

template <typename Key>
struct data {
  cohort::queue* q = nullptr;
  std::size_t n = 0;
  bool pairs = false;
  std::vector<Key> input, expected_keys;
  std::vector<std::uint32_t> expected_values;
  cohort::usm_unique_ptr<Key, cohort::usm::alloc::shared> keys;
  cohort::usm_unique_ptr<std::uint32_t, cohort::usm::alloc::shared> values;
  std::vector<pair_of<Key>> host_pairs;  // the references' pairs
};

template <typename Key>
bool same_bits(const Key* a, const Key* b, std::size_t n) {
  return std::memcmp(a, b, n * sizeof(Key)) == 0;
}

template <typename Key>
bench::bench_case sort_case(const std::shared_ptr<data<Key>>& s, const std::string& name) {
  bench::bench_case c;
  c.name = name;
  c.parts = "keys / size";
  c.size = s->n;
  c.throughput = {static_cast<double>(s->n), "Gkeys/s"};
  c.setup = [s] {
    const std::size_t n = s->n;
    s->input.resize(n);
    bench::parallel_fill(s->input.data(), n, kernels::random_key<Key>);
    std::vector<std::uint32_t> order(n);
    std::iota(order.begin(), order.end(), 0u);
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return s->input[a] < s->input[b]; });
    s->expected_keys.resize(n);
    for (std::size_t i = 0; i < n; ++i) s->expected_keys[i] = s->input[order[i]];
    if (s->pairs) s->expected_values = std::move(order);
    s->keys = cohort::make_shared_unique<Key>(n, *s->q);
    if (s->pairs) {
      s->values = cohort::make_shared_unique<std::uint32_t>(n, *s->q);
      s->host_pairs.resize(n);
    }
  };
  c.teardown = [s] {
    s->keys.reset();
    s->values.reset();
    s->input = {};
    s->expected_keys = {};
    s->expected_values = {};
    s->host_pairs = {};
  };
  // Inputs restored before every run (the sorts work in place).
  auto prepare_arrays = [s] {
    std::memcpy(s->keys.get(), s->input.data(), s->n * sizeof(Key));
    if (s->pairs) bench::parallel_fill(s->values.get(), s->n, [](std::size_t i) { return static_cast<std::uint32_t>(i); });
  };
  auto prepare_pairs = [s] {
    if (!s->pairs) return std::memcpy(s->keys.get(), s->input.data(), s->n * sizeof(Key)), void();
    bench::parallel_fill(s->host_pairs.data(), s->n,
                         [&](std::size_t i) { return pair_of<Key>{s->input[i], static_cast<std::uint32_t>(i)}; });
  };
  auto check_arrays = [s](bool stable) {
    return [s, stable]() -> bench::verdict {
      if (!same_bits(s->keys.get(), s->expected_keys.data(), s->n)) return bench::verdict::fail("keys not sorted");
      if (s->pairs && stable && !std::equal(s->expected_values.begin(), s->expected_values.end(), s->values.get()))
        return bench::verdict::fail("values not in stable order");
      return bench::verdict::pass();
    };
  };
  auto check_pairs = [s](bool stable) {
    return [s, stable]() -> bench::verdict {
      if (!s->pairs) return same_bits(s->keys.get(), s->expected_keys.data(), s->n) ? bench::verdict::pass()
                                                                                 : bench::verdict::fail("keys not sorted");
      for (std::size_t i = 0; i < s->n; ++i) {
        if (std::memcmp(&s->host_pairs[i].key, &s->expected_keys[i], sizeof(Key)) != 0)
          return bench::verdict::fail("keys not sorted at " + std::to_string(i));
        if (stable && s->host_pairs[i].value != s->expected_values[i])
          return bench::verdict::fail("values not in stable order at " + std::to_string(i));
      }
      return bench::verdict::pass();
    };
  };
  auto by_key = [](const pair_of<Key>& a, const pair_of<Key>& b) { return a.key < b.key; };
  auto sort_host = [s, by_key](auto sort) {
    return [s, by_key, sort] {
      if (s->pairs)
        sort(s->host_pairs.begin(), s->host_pairs.end(), by_key);
      else
        sort(s->keys.get(), s->keys.get() + s->n, std::less<Key>());
    };
  };
  c.variants.push_back({"std::sort", bench::role::reference, prepare_pairs,
                        sort_host([](auto f, auto l, auto cmp) { std::sort(f, l, cmp); }), check_pairs(false)});
  c.variants.push_back({"std::stable_sort", bench::role::baseline, prepare_pairs,
                        sort_host([](auto f, auto l, auto cmp) { std::stable_sort(f, l, cmp); }), check_pairs(true)});
  c.variants.push_back({"__gnu_parallel::sort", bench::role::baseline, prepare_pairs,
                        sort_host([](auto f, auto l, auto cmp) { __gnu_parallel::sort(f, l, cmp); }),
                        check_pairs(false)});
#if COHORT_BENCH_HAVE_TBB
  c.variants.push_back({"std::sort(par_unseq)", bench::role::ceiling, prepare_pairs,
                        sort_host([](auto f, auto l, auto cmp) { std::sort(std::execution::par_unseq, f, l, cmp); }),
                        check_pairs(false)});
  c.variants.push_back(
      {"std::stable_sort(par_unseq)", bench::role::ceiling, prepare_pairs,
       sort_host([](auto f, auto l, auto cmp) { std::stable_sort(std::execution::par_unseq, f, l, cmp); }),
       check_pairs(true)});
#endif
  c.variants.push_back({"cohort::radix_sort", bench::role::model, prepare_arrays,
                        [s] {
                          if (s->pairs)
                            cohort::radix_sort(*s->q, s->keys.get(), s->values.get(), s->n).wait_and_throw();
                          else
                            cohort::radix_sort(*s->q, s->keys.get(), s->n).wait_and_throw();
                        },
                        check_arrays(true)});
  c.variants.back().submits_kernels = true;
  c.variants.back().use = bench::summary_use::known_implementation;
  return c;
}

std::string log2_name(std::size_t n) {
  int k = 0;
  while ((std::size_t{1} << k) < n) ++k;
  return (std::size_t{1} << k) == n ? "2^" + std::to_string(k) : std::to_string(n);
}

template <typename Key>
std::shared_ptr<data<Key>> make_data(const bench::config& cfg, std::size_t n, bool pairs) {
  auto s = std::make_shared<data<Key>>();
  s->q = cfg.queue;
  s->n = n;
  s->pairs = pairs;
  return s;
}

bench::suite make_algorithm_sort(const bench::config& cfg) {
  bench::suite suite;
#if COHORT_BENCH_HAVE_TBB
  suite.setup = bench::limit_tbb_to_openmp_threads;
#endif
  std::vector<std::size_t> key_sizes;
  if (cfg.size != 0)
    key_sizes = {cfg.size};
  else if (cfg.preset == bench::size_preset::quick)
    key_sizes = {std::size_t{1} << 16, std::size_t{1} << 20};
  else
    key_sizes = {std::size_t{1} << 16, std::size_t{1} << 20, std::size_t{1} << 24};
  if (cfg.size == 0 && cfg.preset == bench::size_preset::full) key_sizes.push_back(std::size_t{1} << 26);
  for (std::size_t n : key_sizes)
    suite.cases.push_back(sort_case(make_data<std::uint32_t>(cfg, n, false), "algorithm_sort/uint32/" + log2_name(n)));
  const std::size_t big = cfg.pick_size(std::size_t{1} << 20, std::size_t{1} << 24, std::size_t{1} << 24);
  for (std::size_t n : {cfg.pick_size(std::size_t{1} << 16, std::size_t{1} << 20, std::size_t{1} << 20), big})
    suite.cases.push_back(
        sort_case(make_data<std::uint32_t>(cfg, n, true), "algorithm_sort/uint32_pairs/" + log2_name(n)));
  suite.cases.push_back(sort_case(make_data<float>(cfg, big, false), "algorithm_sort/float/" + log2_name(big)));
  return suite;
}

bench::registration reg{"algorithm_sort", 83,
                        "cohort::radix_sort (keys, pairs) against std::sort (reference), std::stable_sort, "
                        "std::sort / std::stable_sort with par_unseq (where TBB is installed) and "
                        "__gnu_parallel::sort (libstdc++'s OpenMP parallel mode)",
                        make_algorithm_sort};

}  // namespace
