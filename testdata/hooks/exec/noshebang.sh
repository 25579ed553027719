echo "this script has no #! line"
