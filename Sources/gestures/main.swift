// The `gestures` command. Its code is the rest of this folder, which the tests and the fuzz targets of Fuzz/
// compile without this file.
Gestures.main()
