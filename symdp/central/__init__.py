"""(written by hand)"""
