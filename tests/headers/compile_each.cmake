# Compiles every public header on its own with one compiler, so that each includes what it
# uses: cohort's, and the SYCL entry headers of the opt-in directory include/sycl/ (the
# CMake target cohort::sycl). g++ and clang++ check syntax (-fsyntax-only, -Wall -Wextra);
# nvcc (-DHOST_COMPILER=... behind it) compiles both of its passes, the device pass to PTX
# only, which is all that can fail there, and takes the CUDA backend's headers too.
# Arguments: -DCOMPILER=... -DINCLUDE_DIR=... -DWORK_DIR=... [-DHOST_COMPILER=...]
# [-DPART=i -DPARTS=n]: only every n-th header from the i-th (0-based), so that slow
# compilers can check in parallel tests.
file(GLOB_RECURSE headers RELATIVE ${INCLUDE_DIR} ${INCLUDE_DIR}/cohort/*.hpp)
file(GLOB_RECURSE sycl_headers RELATIVE ${INCLUDE_DIR}/sycl ${INCLUDE_DIR}/sycl/*.hpp)
list(APPEND headers ${sycl_headers})
get_filename_component(compiler_name ${COMPILER} NAME)
set(is_nvcc FALSE)
if(compiler_name STREQUAL "nvcc")
  set(is_nvcc TRUE)
endif()
if(NOT DEFINED PARTS)
  set(PART 0)
  set(PARTS 1)
endif()
set(failed "")
set(count 0)
set(index -1)
foreach(header IN LISTS headers)
  if(header MATCHES "/backend/cuda/" AND NOT is_nvcc)
    continue()
  endif()
  math(EXPR index "${index} + 1")
  math(EXPR part "${index} % ${PARTS}")
  if(NOT part EQUAL PART)
    continue()
  endif()
  math(EXPR count "${count} + 1")
  if(is_nvcc)
    file(WRITE ${WORK_DIR}/one_header.cu "#include <${header}>\n")
    # The flags cohort::cohort gives nvcc (CMakeLists.txt): constexpr functions of the standard
    # library (numeric_limits) are called from device code.
    set(command ${COMPILER} -ccbin ${HOST_COMPILER} -std=c++20 --extended-lambda --expt-relaxed-constexpr
                -arch=compute_90 -Xcompiler=-fopenmp
                -c ${WORK_DIR}/one_header.cu -o ${WORK_DIR}/one_header.o)
  else()
    file(WRITE ${WORK_DIR}/one_header.cpp "#include <${header}>\n")
    set(command ${COMPILER} -std=c++20 -fopenmp -fsyntax-only -Wall -Wextra ${WORK_DIR}/one_header.cpp)
  endif()
  execute_process(COMMAND ${command} -I${INCLUDE_DIR} -I${INCLUDE_DIR}/sycl
                  RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE errors)
  if(NOT result EQUAL 0 OR NOT errors STREQUAL "" OR NOT output STREQUAL "")
    message("${header}:\n${output}${errors}")
    list(APPEND failed ${header})
  endif()
endforeach()
if(failed)
  message(FATAL_ERROR "${compiler_name}: these headers do not compile on their own, or warn: ${failed}")
endif()
message("${compiler_name}: ${count} headers compile on their own without warnings")
