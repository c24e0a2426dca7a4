// The target that owns the tests' precompiled header (tests/CMakeLists.txt, referee_test_pch): the
// header is built for this file and reused by every test file. Nothing else is in it.
