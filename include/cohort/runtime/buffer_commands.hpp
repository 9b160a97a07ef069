// SPDX-License-Identifier: MIT
#pragma once
// What the compiled runtime (src/buffers.cpp) offers buffers and accessors: a buffer's
// storage in each place it was needed, which copy is current, and which commands use it.
// Element types are gone here: a buffer is bytes.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include <cohort/core/access.hpp>
#include <cohort/runtime/commands.hpp>

namespace cohort::detail {

struct buffer_state;  // src/buffers.cpp
using buffer_handle = std::shared_ptr<buffer_state>;

/// A buffer of `bytes`, holding a copy of `initial` (null: uninitialised). With
/// `use_host_memory` the buffer works in `initial` itself, which must then be writable.
/// `host_mutex` (a std::mutex*, or null: property::buffer::use_mutex) is held whenever the
/// runtime touches the program's memory after this call: the write-back, and with
/// `use_host_memory` the copies to and from it and the host commands working in it.
buffer_handle make_buffer(std::size_t bytes, const void* initial, bool use_host_memory, void* host_mutex);
/// What happens to the data when the buffer's last owner goes: `write_back(host copy)`
/// is called once every command using it has completed; an empty function: nothing.
void set_final_data(buffer_state& b, std::function<void(const void*)> write_back);
void set_write_back(buffer_state& b, bool enabled);
/// The buffer's host memory (it always has some; a placeholder accessor starts there).
void* host_data(const buffer_state& b);

/// A command group's use of a buffer, recorded when an accessor binds to its handler.
struct buffer_requirement {
  buffer_state* buffer;
  access_mode mode;
  bool no_init;
  const device_description* place;  // where the command reads it: null = host memory
  void* data;                       // the buffer's memory there
};

/// A command group's requirements: the usual few inline (a submission allocates nothing more
/// for them), more on the heap.
class requirement_list {
public:
  std::size_t size() const { return m_size; }
  bool empty() const { return m_size == 0; }
  buffer_requirement* begin() { return m_size <= few ? m_few : m_more.data(); }
  buffer_requirement* end() { return begin() + m_size; }
  const buffer_requirement* begin() const { return m_size <= few ? m_few : m_more.data(); }
  const buffer_requirement* end() const { return begin() + m_size; }
  void push_back(const buffer_requirement& r);  // src/handler_buffers.cpp

private:
  static constexpr std::size_t few = 4;
  buffer_requirement m_few[few];
  std::size_t m_size = 0;
  std::vector<buffer_requirement> m_more;
};

/// Queues a command that uses buffers (see enqueue): it runs after the commands whose use
/// of the same buffers conflicts with its own, and first brings each buffer's current
/// contents to the place it needs them.
event_handle enqueue_with_buffers(queue_state& q, std::function<void()> work, std::vector<event_handle> dependencies,
                                  bool on_device, const requirement_list& requirements);

/// The buffer's memory on `place` (null: host memory), allocated on first use.
void* buffer_data_on(buffer_state& b, const device_description* place);

/// Host access (a host_accessor): returns once the commands it must follow are complete
/// and the host memory holds the current contents, and `data` is that memory. Commands
/// that need the buffer afterwards wait until the returned token is gone.
std::shared_ptr<void> acquire_host_access(const buffer_handle& b, access_mode mode, bool no_init, void*& data);

}  // namespace cohort::detail
