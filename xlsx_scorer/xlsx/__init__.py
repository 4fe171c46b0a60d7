"""xlsx"""
