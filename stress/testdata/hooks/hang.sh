#!/bin/sh
# Never answers: sleeps far past its timeout, with a child doing the same.
sleep 600 &
sleep 600
