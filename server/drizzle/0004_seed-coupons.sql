-- D10: the spec's default code MAX500 with its constant 2.5 means 2.5% off the
-- selected items' subtotal, at most ₹500.
INSERT INTO coupons (code, description, percent_off, max_discount_paise, min_order_paise, active)
VALUES ('MAX500', '2.5% off, up to ₹500', 2.5, 50000, 0, true)
ON CONFLICT (code) DO NOTHING;
