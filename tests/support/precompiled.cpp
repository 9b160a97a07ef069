// SPDX-License-Identifier: MIT
// The translation unit that builds the tests' precompiled header (see tests/CMakeLists.txt).
