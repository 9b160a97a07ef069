// SPDX-License-Identifier: MIT
// The handler's members for buffers: recording a command group's accessors, and the
// copies and fills between accessors and host memory.
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include <cohort/runtime/handler.hpp>

#include "backend_memory.hpp"

namespace cohort {

namespace {
/// A box's items as contiguous byte runs, in row-major order: `visit(byte offset, bytes)`.
template <typename Visit>
void for_each_run(const detail::memory_box& b, Visit visit) {
  // Trailing dimensions that span their whole memory extent merge into one run.
  std::size_t run = b.extent[2] * b.item_bytes;
  int outer = 2;
  while (outer > 0 && b.extent[outer] == b.memory[outer]) run *= b.extent[--outer];
  const std::size_t counts[3] = {outer >= 1 ? b.extent[0] : 1, outer >= 2 ? b.extent[1] : 1, 1};
  if (run == 0 || counts[0] == 0 || counts[1] == 0) return;
  for (std::size_t i = 0; i < counts[0]; ++i)
    for (std::size_t j = 0; j < counts[1]; ++j)
      visit(((outer >= 1 ? i * b.memory[1] : 0) + j) * b.memory[2] * b.item_bytes, run);
}

struct run_copy {
  char* to;
  const char* from;
  std::size_t bytes;
};

/// The copies that move `from`'s items to `to`'s, pairing their runs.
std::vector<run_copy> pair_runs(const detail::memory_box& from, const detail::memory_box& to) {
  std::vector<std::pair<std::size_t, std::size_t>> in, out;
  for_each_run(from, [&](std::size_t at, std::size_t n) { in.emplace_back(at, n); });
  for_each_run(to, [&](std::size_t at, std::size_t n) { out.emplace_back(at, n); });
  std::vector<run_copy> copies;
  std::size_t a = 0, b = 0, used_a = 0, used_b = 0;
  while (a < in.size() && b < out.size()) {
    const std::size_t n = std::min(in[a].second - used_a, out[b].second - used_b);
    copies.push_back({static_cast<char*>(to.data) + out[b].first + used_b,
                      static_cast<const char*>(from.data) + in[a].first + used_a, n});
    used_a += n;
    used_b += n;
    if (used_a == in[a].second) ++a, used_a = 0;
    if (used_b == out[b].second) ++b, used_b = 0;
  }
  return copies;
}
}  // namespace

void detail::requirement_list::push_back(const buffer_requirement& r) {
  if (m_size < few) {
    m_few[m_size++] = r;
    return;
  }
  if (m_size == few) m_more.assign(m_few, m_few + few);
  m_more.push_back(r);
  ++m_size;
}

void* handler::require_buffer(detail::buffer_state& b, access_mode mode, bool no_init, bool on_host) {
  const detail::device_description* place = on_host ? nullptr : device_place();
  for (auto& r : m_requirements)
    if (r.buffer == &b && r.place == place) {
      // Two accessors of one command group to one buffer: the command does what both do.
      if (mode != r.mode) r.mode = mode == access_mode::read ? (r.mode == access_mode::read ? mode : r.mode)
                                                             : access_mode::read_write;
      r.no_init = r.no_init && no_init;
      return r.data;
    }
  void* data = detail::buffer_data_on(b, place);
  m_requirements.push_back({&b, mode, no_init, place, data});
  return data;
}

const detail::device_description* handler::device_place() {
  if (!m_place_known) {
    const auto& d = m_device.description();
    m_place = d.owner == backend::cpu ? nullptr : &d;
    m_place_known = true;
  }
  return m_place;
}

void* handler::required_data(const detail::buffer_state* b, bool on_host) {
  const detail::device_description* place = on_host ? nullptr : device_place();
  for (const auto& r : m_requirements)
    if (r.buffer == b && r.place == place) return r.data;
  return nullptr;
}

void handler::check_host_task_accessors() const {
  for (const auto& r : m_requirements)
    if (r.place)
      throw exception(errc::accessor,
                      "host_task: an accessor for the memory of " + r.place->name +
                          " (target::device); a host task's accessors need target::host_task (read_only_host_task, "
                          "read_write_host_task, write_only_host_task)");
}

void handler::copy_boxes(const detail::memory_box& from, const detail::memory_box& to,
                         std::shared_ptr<const void> keep) {
  std::vector<run_copy> copies = pair_runs(from, to);
#if COHORT_WITH_CUDA
  if (m_device.get_backend() == backend::cuda)
    return set_work([copies = std::move(copies), keep, native = m_native] {
      for (const auto& c : copies) backends::cuda::copy(native, c.to, c.from, c.bytes);
    });
#endif
  set_work([copies = std::move(copies), keep] {
    for (const auto& c : copies) backends::cpu::copy(c.to, c.from, c.bytes);
  });
}

void handler::fill_box(const detail::memory_box& to, const void* pattern) {
  std::vector<std::pair<char*, std::size_t>> runs;
  for_each_run(to, [&](std::size_t at, std::size_t n) { runs.emplace_back(static_cast<char*>(to.data) + at, n); });
  std::string item(static_cast<const char*>(pattern), to.item_bytes);
#if COHORT_WITH_CUDA
  if (m_device.get_backend() == backend::cuda)
    return set_work([runs = std::move(runs), item, native = m_native] {
      for (const auto& r : runs) backends::cuda::fill(native, r.first, item.data(), item.size(), r.second / item.size());
    });
#endif
  set_work([runs = std::move(runs), item] {
    for (const auto& r : runs) backends::cpu::fill(r.first, item.data(), item.size(), r.second / item.size());
  });
}

}  // namespace cohort
