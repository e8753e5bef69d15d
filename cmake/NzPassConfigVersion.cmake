# Version file for find_package(NzPass <version>) -- SameMajorVersion policy,
# architecture independent (nzpass ships a Python tool, no binaries).
#
# Equivalent to write_basic_package_version_file(... COMPATIBILITY
# SameMajorVersion ARCH_INDEPENDENT), written by hand so the file can live in
# the source tree and ship unchanged in the wheel. Keep PACKAGE_VERSION equal
# to `version` in pyproject.toml (test/unit/test_cmake_package.py checks it).
#
# A request is compatible when its major version equals ours and it is not
# newer than us: find_package(NzPass 0.1) accepts 0.1.0, 0.2 and 1.0 do not.
# Version ranges (CMake >= 3.19) are honoured the same way.

set(PACKAGE_VERSION "0.1.0")

set(PACKAGE_VERSION_COMPATIBLE FALSE)
set(PACKAGE_VERSION_EXACT FALSE)

if(NOT PACKAGE_VERSION MATCHES "^([0-9]+)")
  return()
endif()
set(_nzpass_major "${CMAKE_MATCH_1}")

if(PACKAGE_FIND_VERSION_RANGE)
  # Both ends of the range must name our major version, and we must lie in it.
  math(EXPR _nzpass_major_next "${_nzpass_major} + 1")
  if(PACKAGE_FIND_VERSION_MIN_MAJOR STREQUAL _nzpass_major
     AND NOT PACKAGE_VERSION VERSION_LESS PACKAGE_FIND_VERSION_MIN)
    if(PACKAGE_FIND_VERSION_RANGE_MAX STREQUAL "INCLUDE")
      if(PACKAGE_FIND_VERSION_MAX_MAJOR STREQUAL _nzpass_major
         AND PACKAGE_VERSION VERSION_LESS_EQUAL PACKAGE_FIND_VERSION_MAX)
        set(PACKAGE_VERSION_COMPATIBLE TRUE)
      endif()
    elseif(PACKAGE_FIND_VERSION_MAX VERSION_LESS_EQUAL _nzpass_major_next
           AND PACKAGE_VERSION VERSION_LESS PACKAGE_FIND_VERSION_MAX)
      set(PACKAGE_VERSION_COMPATIBLE TRUE)
    endif()
  endif()
  unset(_nzpass_major_next)
elseif(NOT PACKAGE_FIND_VERSION)
  # find_package(NzPass) without a version: anything goes.
  set(PACKAGE_VERSION_COMPATIBLE TRUE)
elseif(PACKAGE_FIND_VERSION_MAJOR STREQUAL _nzpass_major
       AND NOT PACKAGE_VERSION VERSION_LESS PACKAGE_FIND_VERSION)
  set(PACKAGE_VERSION_COMPATIBLE TRUE)
  if(PACKAGE_FIND_VERSION STREQUAL PACKAGE_VERSION)
    set(PACKAGE_VERSION_EXACT TRUE)
  endif()
endif()

unset(_nzpass_major)
