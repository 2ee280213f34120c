"""Tests of `storage`: schema and migrations, the Store, crash safety."""
