-- Placing an order in one round trip (decision 274): the character's lock, the count of its orders,
-- the caps and limits, and the new order's row, in one call of one function. Its statements each see
-- the orders committed before them (READ COMMITTED, a VOLATILE function): the counts, read after the
-- lock is granted, include every order of the character that was placed or paid before it, as the
-- transaction of write-order.ts did statement by statement. The lock is held until the calling
-- statement's transaction ends, after the new row is committed.
--
-- Outcome: 'placed' (order_id written), 'token' (the client token named an order already, seen under
-- the lock or met as a conflict at the insert), or a refusal: 'limit' (the bundle's purchase limit),
-- 'code' (the discount code's uses, the character's or everyone's), 'unpaid' (the buyer's or the
-- character's cap on open unpaid orders). The counts come back with every outcome, so that the store
-- can name the refusal in its own words (write-order.ts) and its tests can check the rules match.
-- Only statuses and numbers cross from the store: the rules are the store's (price.ts, discount-rules.ts,
-- write-order.ts tooManyUnpaid), written here once more and checked against them by
-- server/test/orders-one-call.test.ts.
CREATE FUNCTION topup_place_order(
  lock_key bigint,
  p_game_id integer,
  p_role_id text,
  p_bundle_id integer,
  p_limit_period text,
  p_order_token text,
  p_buyer text,
  p_role_buy_limit integer,
  p_unpaid_per_buyer integer,
  p_unpaid_per_character integer,
  p_code text,
  p_code_uses_per_role integer,
  p_code_uses_per_code integer,
  p_first_buy_offer boolean,
  p_holding_statuses text[],
  p_paid_statuses text[],
  p_order_id text,
  p_area text,
  p_server_id text,
  p_server_name text,
  p_role_name text,
  p_uid text,
  p_product_id text,
  p_product_name text,
  p_pay_type text,
  p_list_price_minor integer,
  p_discount_minor integer,
  p_amount_minor integer,
  p_currency text,
  p_payment_provider text,
  p_expires_after_ms bigint,
  p_promised_items jsonb,
  p_locale text,
  p_receipt_email text,
  p_storefront text
) RETURNS TABLE (outcome text, holding integer, first_buy_taken integer, unpaid integer, unpaid_by_buyer integer, code_by_role integer, code_by_all integer)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  token_taken boolean;
  written text;
BEGIN
  PERFORM pg_advisory_xact_lock(lock_key);
  SELECT count(*) FILTER (WHERE o.bundle_id = p_bundle_id AND o.status = ANY(p_holding_statuses)
                            AND coalesce(o.paid_at, o.created_at) >= (CASE WHEN p_limit_period = 'ever' THEN '-infinity'::timestamptz
                                 ELSE date_trunc(p_limit_period, now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' END))::int,
         count(*) FILTER (WHERE o.bundle_id = p_bundle_id AND o.status = ANY(p_paid_statuses))::int,
         count(*) FILTER (WHERE o.status = 'created' AND o.expires_at > now())::int,
         count(*) FILTER (WHERE o.status = 'created' AND o.expires_at > now() AND o.buyer = p_buyer)::int
    INTO holding, first_buy_taken, unpaid, unpaid_by_buyer
    FROM orders o WHERE o.game_id = p_game_id AND o.role_id = p_role_id;
  code_by_role := 0;
  code_by_all := 0;
  SELECT EXISTS (SELECT 1 FROM orders t WHERE t.order_token = p_order_token) INTO token_taken;
  IF token_taken THEN
    outcome := 'token';
    RETURN NEXT;
    RETURN;
  END IF;
  IF p_role_buy_limit > 0 AND holding >= p_role_buy_limit THEN
    outcome := 'limit';
    RETURN NEXT;
    RETURN;
  END IF;
  IF p_code <> '' THEN
    SELECT count(*) FILTER (WHERE c.game_id = p_game_id AND c.role_id = p_role_id AND p_role_id <> '')::int, count(*)::int
      INTO code_by_role, code_by_all
      FROM orders c WHERE c.discount_code = p_code AND c.status = ANY(p_holding_statuses);
    IF (p_code_uses_per_role > 0 AND code_by_role >= p_code_uses_per_role) OR (p_code_uses_per_code > 0 AND code_by_all >= p_code_uses_per_code) THEN
      outcome := 'code';
      RETURN NEXT;
      RETURN;
    END IF;
  END IF;
  IF unpaid_by_buyer >= p_unpaid_per_buyer OR (unpaid_by_buyer > 0 AND unpaid >= p_unpaid_per_character) THEN
    outcome := 'unpaid';
    RETURN NEXT;
    RETURN;
  END IF;
  INSERT INTO orders (order_id, order_token, game_id, area, server_id, server_name, role_id, role_name, uid,
                      bundle_id, product_id, product_name, pay_type, discount_code, list_price_minor, discount_minor,
                      amount_minor, currency, first_buy, payment_provider, status, expires_at, promised_items,
                      locale, receipt_email, buyer, storefront)
  VALUES (p_order_id, p_order_token, p_game_id, p_area, p_server_id, p_server_name, p_role_id, p_role_name, p_uid,
          p_bundle_id, p_product_id, p_product_name, p_pay_type, p_code, p_list_price_minor, p_discount_minor,
          p_amount_minor, p_currency, p_first_buy_offer AND first_buy_taken = 0, p_payment_provider, 'created',
          now() + p_expires_after_ms * interval '1 millisecond', p_promised_items,
          p_locale, p_receipt_email, p_buyer, p_storefront)
  ON CONFLICT (order_token) WHERE order_token IS NOT NULL DO NOTHING
  RETURNING orders.order_id INTO written;
  outcome := CASE WHEN written IS NULL THEN 'token' ELSE 'placed' END;
  RETURN NEXT;
END $$;
