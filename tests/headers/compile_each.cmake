# Compiles every public header on its own with one compiler (-fsyntax-only), so that
# each includes what it uses. Arguments: -DCOMPILER=... -DINCLUDE_DIR=...
file(GLOB_RECURSE headers RELATIVE ${INCLUDE_DIR} ${INCLUDE_DIR}/cohort/*.hpp)
set(failed "")
foreach(header IN LISTS headers)
  if(header MATCHES "/backend/cuda/")
    continue()
  endif()
  file(WRITE ${WORK_DIR}/one_header.cpp "#include <${header}>\n")
  execute_process(COMMAND ${COMPILER} -std=c++20 -fopenmp -fsyntax-only -Wall -Wextra -I${INCLUDE_DIR}
                          ${WORK_DIR}/one_header.cpp
                  RESULT_VARIABLE result ERROR_VARIABLE errors)
  if(NOT result EQUAL 0 OR NOT errors STREQUAL "")
    message("${header}:\n${errors}")
    list(APPEND failed ${header})
  endif()
endforeach()
list(LENGTH headers count)
if(failed)
  message(FATAL_ERROR "${COMPILER}: these headers do not compile on their own, or warn: ${failed}")
endif()
message("${COMPILER}: ${count} headers compile on their own without warnings")
