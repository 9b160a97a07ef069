// SPDX-License-Identifier: MIT
#pragma once
// Backend interoperation (SYCL 2020's get_native): the native object behind a cohort
// object, so code can mix cohort with the backend's own libraries, e.g. CUB or cuBLAS
// calls on a GPU queue's stream:
//
//   cudaStream_t s = cohort::get_native<cohort::backend::cuda>(q);
//
// CUDA's types are only named here (a declared struct), so this header needs no toolkit.
#include <cohort/core/backend.hpp>
#include <cohort/runtime/queue.hpp>

struct CUstream_st;  // cudaStream_t is CUstream_st*

namespace cohort {

template <backend Backend, typename SyclObject>
struct backend_return;
template <>
struct backend_return<backend::cuda, queue> {
  using type = CUstream_st*;
};
/// The native type of `SyclObject` on `Backend`.
template <backend Backend, typename SyclObject>
using backend_return_t = typename backend_return<Backend, SyclObject>::type;

/// A queue's native queue: on CUDA, the stream its commands run on, in submission order
/// (commands waiting for a host command are launched when that completes). Throws
/// errc::backend_mismatch when the queue's device belongs to another backend.
template <backend Backend>
backend_return_t<Backend, queue> get_native(const queue& q) {
  return static_cast<backend_return_t<Backend, queue>>(q.native_handle(Backend));
}

}  // namespace cohort
