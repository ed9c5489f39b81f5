//! SASS counting.
