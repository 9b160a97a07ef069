// SPDX-License-Identifier: MIT
#pragma once
// Everything a benchmark file needs from the harness.
#include "registry.hpp"
#include "verify.hpp"
