// SPDX-License-Identifier: MIT
#pragma once
// What the report header says about where and when it ran.
#include <string>

namespace bench {

std::string host_cpu_name();  // /proc/cpuinfo's model name
int host_cpu_count();
std::string compiler_name();
std::string local_time(const char* strftime_format);  // now, in local time
std::string now_iso8601();  // local time, e.g. 2025-01-31T14:02:11+0100

}  // namespace bench
