// SPDX-License-Identifier: MIT
#pragma once
// property::buffer::use_mutex (SYCL 2020 section 4.7.2.2): the buffer shares the host memory
// it was made from with the program, under the program's mutex. Once the buffer is made, the
// runtime holds the mutex whenever it reads or writes that memory: while it writes the
// contents back at the end and, with use_host_ptr (the buffer then lives in that memory),
// while it copies them between that memory and a device and while a command on the host
// works in it. So the program may lock the mutex to use the memory; it must not wait for
// such a command, nor destroy the buffer, while it holds the mutex: that wait would not end.
// <sycl/sycl.hpp> includes this header; cohort.hpp does not (<mutex> would add a tenth to its
// parse time), and buffers take the property without it (runtime/buffer_properties.hpp).
#include <mutex>

namespace cohort::property::buffer {

class use_mutex {
public:
  explicit use_mutex(std::mutex& mutex) : m_mutex(&mutex) {}
  std::mutex* get_mutex_ptr() const { return m_mutex; }

private:
  std::mutex* m_mutex;
};

}  // namespace cohort::property::buffer
