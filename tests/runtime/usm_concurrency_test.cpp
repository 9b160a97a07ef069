// SPDX-License-Identifier: MIT
// USM bookkeeping from several host threads at once: allocation, pointer queries, copies
// and free. Each thread checks its own allocations exactly; querier threads look up
// pointers that other threads free concurrently (their answers may be any kind, but the
// lookup must not touch freed bookkeeping: run under ThreadSanitizer or ASan to see it).
#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

#include "support/devices.hpp"

using namespace cohort;

namespace {
class usm_concurrency : public cohort_test::on_device {};

constexpr int owner_threads = 3, querier_threads = 2, rounds = 400, slots = 16;

usm::alloc kind_of_round(int round) {
  constexpr usm::alloc kinds[] = {usm::alloc::host, usm::alloc::device, usm::alloc::shared};
  return kinds[round % 3];
}

int* allocate(usm::alloc kind, std::size_t count, const queue& q) {
  switch (kind) {
    case usm::alloc::host: return malloc_host<int>(count, q);
    case usm::alloc::device: return malloc_device<int>(count, q);
    default: return malloc_shared<int>(count, q);
  }
}
}  // namespace

TEST_P(usm_concurrency, allocate_query_copy_and_free_from_several_threads) {
  // Pointers published by the owners for the queriers; null when none.
  std::vector<std::atomic<int*>> published(slots);
  for (auto& p : published) p.store(nullptr);
  std::atomic<int> owners_running{owner_threads};
  std::atomic<long> owner_failures{0}, querier_lookups{0};
  const context ctx = q.get_context();

  auto owner = [&](int t) {
    for (int r = 0; r < rounds; ++r) {
      const usm::alloc kind = kind_of_round(r + t);
      const std::size_t count = 1 + static_cast<std::size_t>((r * 37 + t * 11) % 300);
      int* a = allocate(kind, count, q);
      int* b = allocate(usm::alloc::shared, count, q);
      if (!a || !b) {
        ++owner_failures;
        continue;
      }
      if (get_pointer_type(a, ctx) != kind || get_pointer_type(a + count - 1, ctx) != kind ||
          get_pointer_type(b, ctx) != usm::alloc::shared || get_pointer_device(a, ctx) != q.get_device())
        ++owner_failures;
      // Host to USM, USM to USM, USM to host: the copy's direction comes from the queries.
      std::vector<int> host(count), back(count, -1);
      for (std::size_t i = 0; i < count; ++i) host[i] = static_cast<int>(i * 3 + static_cast<std::size_t>(t));
      q.memcpy(a, host.data(), count * sizeof(int)).wait();
      q.memcpy(b, a, count * sizeof(int)).wait();
      q.memcpy(back.data(), b, count * sizeof(int)).wait();
      if (back != host) ++owner_failures;
      // Publish `a` for the queriers, take back whatever was there, free it.
      int* old = published[static_cast<std::size_t>((r + t) % slots)].exchange(a);
      if (old) free(old, q);
      free(b, q);
    }
    --owners_running;
  };
  auto lookup = [&](int* p) {
    const usm::alloc k = get_pointer_type(p, ctx);  // may race with the owner's free
    if (k != usm::alloc::unknown) {
      try {
        (void)get_pointer_device(p, ctx);
      } catch (const exception&) {  // freed between the two queries: a valid outcome
      }
    }
    ++querier_lookups;
  };
  auto querier = [&] {
    std::size_t s = 0;
    while (owners_running.load() > 0)
      if (int* p = published[s++ % slots].load()) lookup(p);
    // Once more over the pointers the owners left published (freed only after the join), so
    // a querier that the scheduler started late still queries some.
    for (auto& slot : published)
      if (int* p = slot.load()) lookup(p);
  };

  std::vector<std::thread> threads;
  for (int t = 0; t < owner_threads; ++t) threads.emplace_back(owner, t);
  for (int t = 0; t < querier_threads; ++t) threads.emplace_back(querier);
  for (auto& th : threads) th.join();
  for (auto& p : published)
    if (int* left = p.exchange(nullptr)) {
      EXPECT_NE(get_pointer_type(left, ctx), usm::alloc::unknown);
      free(left, q);
      EXPECT_EQ(get_pointer_type(left, ctx), usm::alloc::unknown);
    }
  EXPECT_EQ(owner_failures.load(), 0);
  EXPECT_GT(querier_lookups.load(), 0);
}

COHORT_INSTANTIATE_ON_ALL_DEVICES(usm_concurrency);
