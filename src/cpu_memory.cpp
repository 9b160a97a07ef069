// SPDX-License-Identifier: MIT
// The CPU backend's memory and copies.
#include <cstdlib>
#include <cstring>

#include <omp.h>

#include <cohort/backend/cpu/team.hpp>
#include "backend_memory.hpp"

namespace cohort::backends::cpu {

void* allocate(std::size_t bytes, std::size_t alignment) {
  if (alignment < 64) alignment = 64;
  void* p = nullptr;
  if (posix_memalign(&p, alignment, bytes == 0 ? alignment : bytes) != 0) return nullptr;
  return p;
}

void deallocate(void* p) { std::free(p); }

namespace {
/// Large operations use the whole team: one thread cannot saturate memory bandwidth.
constexpr std::size_t parallel_from_bytes = std::size_t{1} << 20;
}  // namespace

void copy(void* dst, const void* src, std::size_t bytes) {
  if (bytes == 0) return;  // null pointers are legal with zero bytes, but not for std::memcpy
#pragma omp parallel if (bytes >= parallel_from_bytes)
  {
    std::size_t begin, end;
    static_chunk(bytes, omp_get_thread_num(), omp_get_num_threads(), begin, end);
    std::memcpy(static_cast<char*>(dst) + begin, static_cast<const char*>(src) + begin, end - begin);
  }
}

void set(void* dst, int value, std::size_t bytes) {
  if (bytes == 0) return;
#pragma omp parallel if (bytes >= parallel_from_bytes)
  {
    std::size_t begin, end;
    static_chunk(bytes, omp_get_thread_num(), omp_get_num_threads(), begin, end);
    std::memset(static_cast<char*>(dst) + begin, value, end - begin);
  }
}

namespace {
template <typename Word>
void fill_words(Word* dst, Word value, std::size_t begin, std::size_t end) {
  for (std::size_t i = begin; i < end; ++i) dst[i] = value;
}
}  // namespace

void fill(void* dst, const void* pattern, std::size_t pattern_bytes, std::size_t count) {
  if (count == 0) return;
#pragma omp parallel if (count * pattern_bytes >= parallel_from_bytes)
  {
    std::size_t begin, end;
    static_chunk(count, omp_get_thread_num(), omp_get_num_threads(), begin, end);
    auto words = [&](auto word) {
      std::memcpy(&word, pattern, sizeof word);
      fill_words(static_cast<decltype(word)*>(dst), word, begin, end);
    };
    switch (pattern_bytes) {
      case 1: words(std::uint8_t{}); break;
      case 2: words(std::uint16_t{}); break;
      case 4: words(std::uint32_t{}); break;
      case 8: words(std::uint64_t{}); break;
      default:
        for (std::size_t i = begin; i < end; ++i)
          std::memcpy(static_cast<char*>(dst) + i * pattern_bytes, pattern, pattern_bytes);
    }
  }
}

}  // namespace cohort::backends::cpu
