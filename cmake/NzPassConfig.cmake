# CMake package configuration for nzpass (MLIR passes for NZ tensor views).
#
#   find_package(NzPass 0.1 REQUIRED)
#
# Where the package lives (pick one):
#   cmake -DNzPass_DIR="$(python -m nzpass.cmake_dir)" ...
#   or nothing at all when nzpass is pip-installed (not editable) into a prefix
#   CMake already searches: the wheel puts these files in
#   <prefix>/share/cmake/NzPass, found through CMAKE_PREFIX_PATH=<prefix> or
#   through <prefix>/bin being on PATH (e.g. an activated virtualenv).
#
# Finding the `nzpass-opt` tool, first match wins:
#   1. NZPASS_OPT_EXECUTABLE   (cache variable) full path, used as given;
#   2. NzPass_PYTHON           interpreter of the environment nzpass is
#                              installed in (or that environment's directory);
#                              nzpass-opt is looked up next to it (bin/, Scripts/);
#   3. Python3_EXECUTABLE, Python_EXECUTABLE (e.g. set by an MLIR build's
#                              find_package(Python3)) -- same lookup;
#   4. <prefix>/bin when this file is installed as <prefix>/share/cmake/NzPass;
#   5. PATH.
#
# Provides:
#   NzPass::nzpass-opt           IMPORTED GLOBAL executable target
#   NZPASS_OPT_EXECUTABLE        its path (cache)
#   NzPass_PYTHON_EXECUTABLE     interpreter of nzpass's environment, if known
#                                (used to run lit and find LLVM's FileCheck)
#   NzPass_CMAKE_DIR             directory of this file
#   NzPass_VERSION               0.1.0 (from NzPassConfigVersion.cmake)
#   nzpass_add_lit_testsuite(), nzpass_add_pipeline() -- see NzPassFunctions.cmake
#
# When nzpass-opt cannot be found, NzPass_FOUND is set to FALSE with a reason:
# find_package() then fails under REQUIRED, stays silent under QUIET.

if(CMAKE_VERSION VERSION_LESS 3.16)
  set(NzPass_FOUND FALSE)
  set(NzPass_NOT_FOUND_MESSAGE "NzPass needs CMake >= 3.16 (this is ${CMAKE_VERSION})")
  return()
endif()

cmake_policy(PUSH)
cmake_policy(VERSION 3.16...3.31)

set(NzPass_CMAKE_DIR "${CMAKE_CURRENT_LIST_DIR}")

# --- candidate directories for nzpass-opt ------------------------------------
set(_nzpass_hint_dirs "")
foreach(_nzpass_var IN ITEMS NzPass_PYTHON Python3_EXECUTABLE Python_EXECUTABLE)
  if(NOT "${${_nzpass_var}}" STREQUAL "")
    set(_nzpass_py "${${_nzpass_var}}")
    if(IS_DIRECTORY "${_nzpass_py}")          # an environment or a bin dir
      list(APPEND _nzpass_hint_dirs "${_nzpass_py}/bin" "${_nzpass_py}/Scripts" "${_nzpass_py}")
    else()                                    # an interpreter: its own directory
      # No symlink resolution: a virtualenv's bin/python links to the base
      # interpreter, but the console scripts sit next to the link.
      get_filename_component(_nzpass_py_dir "${_nzpass_py}" DIRECTORY)
      list(APPEND _nzpass_hint_dirs "${_nzpass_py_dir}")
    endif()
  endif()
endforeach()
if(NzPass_CMAKE_DIR MATCHES "^(.*)/share/cmake/NzPass$")   # installed from the wheel
  list(APPEND _nzpass_hint_dirs "${CMAKE_MATCH_1}/bin" "${CMAKE_MATCH_1}/Scripts")
endif()

# --- nzpass-opt ----------------------------------------------------------------
# find_program() leaves an NZPASS_OPT_EXECUTABLE given by the user untouched.
if(_nzpass_hint_dirs)
  find_program(NZPASS_OPT_EXECUTABLE NAMES nzpass-opt HINTS ${_nzpass_hint_dirs}
               NO_DEFAULT_PATH DOC "nzpass-opt, the nzpass driver (console script)")
endif()
find_program(NZPASS_OPT_EXECUTABLE NAMES nzpass-opt
             DOC "nzpass-opt, the nzpass driver (console script)")

if(NOT NZPASS_OPT_EXECUTABLE OR NOT EXISTS "${NZPASS_OPT_EXECUTABLE}")
  if(NZPASS_OPT_EXECUTABLE)
    set(_nzpass_why "NZPASS_OPT_EXECUTABLE=${NZPASS_OPT_EXECUTABLE} does not exist.")
  else()
    string(REPLACE ";" ", " _nzpass_where "${_nzpass_hint_dirs}")
    set(_nzpass_why "nzpass-opt was not found (looked in: ${_nzpass_where}; then PATH).")
  endif()
  set(NzPass_FOUND FALSE)
  string(CONCAT NzPass_NOT_FOUND_MESSAGE
    "${_nzpass_why} Install nzpass (pip install nzpass) and point CMake at its "
    "environment with -DNzPass_PYTHON=/path/to/env/bin/python, or give the tool "
    "directly with -DNZPASS_OPT_EXECUTABLE=/path/to/nzpass-opt.")
  unset(_nzpass_why)
  unset(_nzpass_where)
else()
  # --- the interpreter of nzpass's environment (for lit / FileCheck lookup) ---
  # NzPass_PYTHON if given; else the interpreter named in nzpass-opt's shebang
  # (pip writes the environment's python there); else Python3/Python_EXECUTABLE.
  set(NzPass_PYTHON_EXECUTABLE "")
  if(NOT "${NzPass_PYTHON}" STREQUAL "" AND NOT IS_DIRECTORY "${NzPass_PYTHON}")
    set(NzPass_PYTHON_EXECUTABLE "${NzPass_PYTHON}")
  else()
    file(STRINGS "${NZPASS_OPT_EXECUTABLE}" _nzpass_shebang LIMIT_COUNT 1 LIMIT_INPUT 1024)
    if(_nzpass_shebang MATCHES "^#![ \t]*([^ \t]*python[^ \t]*)[ \t]*$"
       AND EXISTS "${CMAKE_MATCH_1}")
      set(NzPass_PYTHON_EXECUTABLE "${CMAKE_MATCH_1}")
    else()
      get_filename_component(_nzpass_opt_dir "${NZPASS_OPT_EXECUTABLE}" DIRECTORY)
      foreach(_nzpass_name IN ITEMS python3 python python.exe)
        if(NzPass_PYTHON_EXECUTABLE STREQUAL "" AND EXISTS "${_nzpass_opt_dir}/${_nzpass_name}")
          set(NzPass_PYTHON_EXECUTABLE "${_nzpass_opt_dir}/${_nzpass_name}")
        endif()
      endforeach()
      if(NzPass_PYTHON_EXECUTABLE STREQUAL "")
        if(NOT "${Python3_EXECUTABLE}" STREQUAL "")
          set(NzPass_PYTHON_EXECUTABLE "${Python3_EXECUTABLE}")
        elseif(NOT "${Python_EXECUTABLE}" STREQUAL "")
          set(NzPass_PYTHON_EXECUTABLE "${Python_EXECUTABLE}")
        endif()
      endif()
      unset(_nzpass_name)
      unset(_nzpass_opt_dir)
    endif()
    unset(_nzpass_shebang)
  endif()

  # --- target and functions ----------------------------------------------------
  if(NOT TARGET NzPass::nzpass-opt)
    add_executable(NzPass::nzpass-opt IMPORTED GLOBAL)
    set_target_properties(NzPass::nzpass-opt PROPERTIES
      IMPORTED_LOCATION "${NZPASS_OPT_EXECUTABLE}")
  endif()
  # The functions read these at call time, from any directory scope.
  set_property(GLOBAL PROPERTY NZPASS_PYTHON_EXECUTABLE "${NzPass_PYTHON_EXECUTABLE}")

  include("${CMAKE_CURRENT_LIST_DIR}/NzPassFunctions.cmake")

  if(NOT NzPass_FIND_QUIETLY)
    get_property(_nzpass_reported GLOBAL PROPERTY NZPASS_REPORTED)
    if(NOT _nzpass_reported)
      message(STATUS "Found NzPass ${NzPass_VERSION}: ${NZPASS_OPT_EXECUTABLE}")
      set_property(GLOBAL PROPERTY NZPASS_REPORTED TRUE)
    endif()
    unset(_nzpass_reported)
  endif()

  set(NzPass_FOUND TRUE)
endif()

unset(_nzpass_hint_dirs)
unset(_nzpass_py)
unset(_nzpass_py_dir)
unset(_nzpass_var)

cmake_policy(POP)
